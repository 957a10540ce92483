"""The notebook views as text: plain text for `print(result)` and terminals, Markdown for frontends
that show Markdown but not HTML. The wording of each line lives here; html.py lays the same lines out.

No rich: a notebook's result must render the same whether or not a terminal is attached. Learner
text has its control characters replaced and is capped with a visible notice, as in the terminal.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from vecdrill.report import render, units

if TYPE_CHECKING:
    from vecdrill.content.drill import Drill
    from vecdrill.learner.guidance import Hints
    from vecdrill.report.model import DeviceResult, FileResult, Mismatch, Timing

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
OUTPUT_LIMIT = 4000  # characters of the learner's output or traceback shown


def clean(text: str, limit: int = OUTPUT_LIMIT) -> str:
    """Control characters replaced, the length capped with a notice."""
    cleaned = _CONTROL.sub("\N{REPLACEMENT CHARACTER}", text)
    if len(cleaned) > limit:
        cleaned = cleaned[:limit] + f"\n[... {len(cleaned) - limit} more characters not shown]"
    return cleaned


def headline(result: FileResult) -> str:
    drill = f" ({result.drill})" if result.drill else ""
    return f"{result.verdict.value.upper()} {result.file}{drill}: {result.message}"


def speedup_line(timing: Timing) -> str:
    low, high = units.speedup(timing.speedup_low), units.speedup(timing.speedup_high)
    return (
        f"loop {units.seconds(timing.loop_seconds)}, yours {units.seconds(timing.solution_seconds)}: "
        f"{units.speedup(timing.speedup)} faster (range {low} to {high})"
    )


def timing_details(timing: Timing) -> list[str]:
    """The lines under the speedup: where and how it was measured."""
    threads = f"{timing.threads} thread{'s' if timing.threads != 1 else ''}"
    lines = [
        f"at {units.size(timing.size)}, {threads}; {timing.loop_repeats} loop and "
        f"{timing.solution_repeats} solution calls",
        f"quietest blocks of calls; the median ones: loop {units.seconds(timing.loop_median_seconds)}, "
        f"yours {units.seconds(timing.solution_median_seconds)}",
    ]
    if timing.loop_ops is not None and timing.ops_size is not None:
        lines.append(
            f"work at {units.size(timing.ops_size)}: loop {timing.loop_ops:,} {timing.ops_unit}, "
            f"yours {timing.solution_ops:,}"
        )
    return lines


def device_status(device: DeviceResult, result: FileResult) -> str | None:
    """`cpu: pass`, with the device's own message when the headline does not say it already;
    None for a device that was correct while the headline names what to fix first."""
    if device.timing is None and device.verdict.passed and not result.verdict.passed:
        return None
    status = f"{device.device}: {device.verdict.value}"
    detail = device.message.removeprefix(f"{device.device}: ")
    if device.timing is None and device.message and device.message != result.message:
        status += f" ({detail})"
    return status


def mismatch_rows(mismatch: Mismatch) -> list[tuple[str, str]]:
    """What differs, as label and value pairs (only those the comparison filled in)."""
    rows = [("what", mismatch.what), ("output", mismatch.output)]
    if mismatch.index is not None:
        rows.append(("index", str(mismatch.index)))
    for label, value in (("expected", mismatch.expected), ("got", mismatch.got)):
        if value is not None:
            rows.append((label, value))
    if mismatch.size is not None:
        rows.append(("size", units.size(mismatch.size)))
    if mismatch.seed is not None:
        rows.append(("seed", str(mismatch.seed)))
    return rows


def scaling_sentence(device: DeviceResult) -> str:
    from vecdrill.measure import ladder

    return render.crossover_sentence(device, ladder.varying_dims(device.scaling))


def outputs(result: FileResult) -> list[tuple[str, str]]:
    """The learner's traceback and, when it did not pass, what it printed: (title, text)."""
    shown = [("Traceback", result.traceback)] if result.traceback else []
    if not result.verdict.passed:
        shown += [
            (t, s) for t, s in (("Output", result.stdout), ("Error output", result.stderr)) if s.strip()
        ]
    return shown


def result_text(result: FileResult, explanation: str | None) -> str:
    lines = [clean(headline(result))]
    lines += [f"  {clean(f'{result.file}:{f.line}:{f.col} {f.message}')}" for f in result.findings[1:]]
    for device in result.devices:
        status = device_status(device, result)
        if status is not None:
            lines.append(f"  {clean(status)}" + (f"  {speedup_line(device.timing)}" if device.timing else ""))
        if device.mismatch is not None:
            lines += [f"    {label}: {clean(value)}" for label, value in mismatch_rows(device.mismatch)]
        if device.timing is not None:
            lines += [f"    {line}" for line in timing_details(device.timing)]
        if device.scaling:
            lines.append(f"    {scaling_sentence(device)}")
    for title, text in outputs(result):
        lines += [f"{title}:", clean(text).rstrip()]
    lines += [f"note: {clean(note)}" for note in result.notes]
    if explanation and result.verdict.passed:
        lines += ["", clean(explanation, 20000).rstrip()]
    return "\n".join(lines)


def result_markdown(result: FileResult, explanation: str | None) -> str:
    """The headline in bold, the details and the learner's text in code blocks, the explanation."""
    details = result_text(result, None).split("\n", 1)
    blocks = [f"**{result.verdict.value.upper()}** {escape(clean(headline(result)).split(' ', 1)[1])}"]
    if len(details) > 1:
        blocks.append(fenced(details[1]))
    if explanation and result.verdict.passed:
        blocks.append(explanation)
    return "\n\n".join(blocks)


def drill_text(drill: Drill, lang: str) -> str:
    title, task = (drill.zh.title, drill.zh.task) if lang == "zh" else (drill.title, drill.task)
    signature = ", ".join(spec.name for spec in drill.inputs)
    sizes = "; ".join(units.size(s) for s in drill.sizes)
    return "\n".join(
        [
            f"{drill.id}: {title} (level {drill.level}, {drill.library}, {', '.join(drill.techniques)})",
            task,
            f"Write {drill.function}({signature}) without a Python loop.",
            "",
            "The loop to replace:",
            drill.file("loop.py").read_text(encoding="utf-8").rstrip(),
            "",
            f"Checked at sizes: {sizes}",
            f"Benchmark size: {units.size(drill.bench)}",
        ]
    )


def hints_text(hints: Hints) -> str:
    lines = [f"Hint {n} of {hints.total}: {step}" for n, step in enumerate(hints.steps, 1)]
    if len(hints.steps) < hints.total:
        lines.append(f"vecdrill.hint({hints.drill_id!r}) again shows the next step.")
    else:
        lines.append(f"That was the last hint; `vecdrill solution {hints.drill_id}` shows the reference.")
    return "\n".join(([hints.notice] if hints.notice else []) + lines)


def catalogue_text(drills: list[Drill], solved: set[str]) -> str:
    return "\n".join(
        f"{d.id}\t{d.title}\tlevel {d.level}\t{d.library}\t{', '.join(d.techniques)}"
        f"\t{'solved' if d.id in solved else '-'}"
        for d in drills
    )


def escape(text: str) -> str:
    """Text that Markdown shows as it is: no markup, no raw HTML."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|~])", r"\\\1", text)


def fenced(text: str) -> str:
    """A code block whose fence is longer than any run of backticks inside it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{text}\n{fence}"
