"""The notebook views as text: plain text for `print(result)` and terminals, Markdown for frontends
that show Markdown but not HTML. The wording of each line lives here; html_view.py lays the same lines out,
and the terminal (render.py) and the watch screen take the lines they share from here, styled their way.

No rich: a notebook's result must render the same whether or not a terminal is attached. Learner
text has its control characters replaced and is capped with a visible notice, as in the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from vecdrill import messages
from vecdrill.content.drill import NO_CHINESE
from vecdrill.measure.efficiency import LAUNCH_BOUND_OPS
from vecdrill.messages import Message, message, say
from vecdrill.result import units

if TYPE_CHECKING:
    from vecdrill.content.drill import Drill, Size
    from vecdrill.learner.guidance import Hints
    from vecdrill.result.model import DeviceResult, FileResult, InputNear, Mismatch, ScalingPoint, Timing

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
OUTPUT_LIMIT = 4000  # characters of the learner's output or traceback shown


def clean(text: str, limit: int | None = OUTPUT_LIMIT, lang: str = "en") -> str:
    """Control characters replaced, the length capped with a notice (unless `limit` is None)."""
    cleaned = _CONTROL.sub("\N{REPLACEMENT CHARACTER}", text)
    if limit is not None and len(cleaned) > limit:
        cleaned = cleaned[:limit] + "\n" + say("result", "not_shown", lang, count=len(cleaned) - limit)
    return cleaned


Styler = Callable[[str], str]  # how a view marks a word up, or makes the learner's text safe (`str`: as is)


def verdict_word(verdict: str, lang: str) -> str:
    """`pass`: a verdict as the reader's language names it."""
    return say("verdict_word", verdict, lang)


def headline(
    result: FileResult, lang: str = "en", mark: Styler = str.upper, escape: Styler = str, file: str = ""
) -> str:
    """`PASS sol.py (relu-where): ...`: every view's headline, each marking up the verdict's word
    (and the `file`, where it styles it) and escaping the learner's words its own way."""
    verdict, sentence = mark(verdict_word(result.verdict.value, lang)), escape(result.message.text(lang))
    said = {"verdict": verdict, "file": file or escape(result.file), "message": sentence}
    if result.drill:
        return say("report", "headline_drill", lang, drill=escape(result.drill), **said)
    return say("report", "headline", lang, **said)


def _factor(ratio: float) -> str:
    """`16`, `1.2`: a speedup's factor without its `x`, the catalogue's sentences add it."""
    return units.speedup(ratio).removesuffix("x")


def speed(ratio: float, lang: str = "en") -> str:
    """`16x faster` or `16x slower`, never `0.06x faster` (in either language)."""
    return say("timing", "faster" if ratio >= 1 else "slower", lang, number=_factor(max(ratio, 1 / ratio)))


def speed_range(low: float, high: float, lang: str = "en") -> str:
    """`12x to 17x` on one side of 1 (the smaller factor first), `1.2x slower to 3x faster` across it."""
    if (low >= 1) != (high >= 1):
        return say("timing", "span", lang, low=speed(low, lang), high=speed(high, lang))
    near, far = (low, high) if low >= 1 else (1 / high, 1 / low)
    return say("timing", "factors", lang, near=_factor(near), far=_factor(far))


def speedup_line(timing: Timing, lang: str = "en", *, strong: tuple[str, str] = ("", "")) -> str:
    """`loop 75 ms, yours 5 µs: 15000x faster (range 12000x to 17000x)`; `strong` wraps the
    speed (the terminal's bold)."""
    faster = f"{strong[0]}{speed(timing.speedup, lang)}{strong[1]}"
    span = speed_range(timing.speedup_low, timing.speedup_high, lang)
    times = _times(timing.loop_seconds, timing.solution_seconds)
    return say("timing", "speedup", lang, speed=faster, range=span, **times)


def _times(loop: float, yours: float) -> dict[str, str]:
    """The loop's and the solution's time per call, as the timing sentences name them."""
    return {"loop": units.seconds(loop), "yours": units.seconds(yours)}


def efficiency_lines(timing: Timing, lang: str = "en") -> list[str]:
    """Under the speedup: on a GPU, whether the number counts launches saved; then how close the
    solution came to this machine's measured limit. Each line fits 80 columns once indented."""
    figure = timing.efficiency
    if figure is None:
        return []
    unit = "B" if figure.bound == "memory" else "FLOP"
    values = {
        "work": units.si(figure.work, unit),
        "rate": units.si(figure.rate, f"{unit}/s"),
        "ceiling": units.si(figure.ceiling, f"{unit}/s"),
        "percent": units.percent(figure.fraction),
        "source": figure.ceiling_source.removesuffix(" matmul"),
        "op": units.seconds(figure.op_seconds),
        "ops": str(LAUNCH_BOUND_OPS),
    }
    codes = ["launch_bound"] if figure.launch_bound else []
    codes.append(f"{figure.bound}_bound")
    codes += [f"{figure.bound}_above"] if figure.fraction > 1 else []
    return [line for code in codes for line in say("timing", code, lang, **values).split("\n")]


def timing_details(timing: Timing, lang: str = "en") -> list[str]:
    """The lines under the speedup: its efficiency, where and how it was measured, and the work
    each side does."""
    one = timing.threads == 1
    threads = message("timing", "one_thread") if one else message("timing", "threads", count=timing.threads)
    calls = {"loop_calls": timing.loop_repeats, "solution_calls": timing.solution_repeats}
    lines = [
        *efficiency_lines(timing, lang),
        say("timing", "where", lang, size=units.size(timing.size), threads=threads, **calls),
        say("timing", "typical", lang, **_times(timing.loop_median_seconds, timing.solution_median_seconds)),
    ]
    if timing.loop_ops is not None and timing.ops_size is not None:
        lines.append(_work_line(timing, timing.ops_size, lang))
    return lines


def _work_line(timing: Timing, size: Size, lang: str) -> str:
    """The work each side does at `size`, counted: torch operations, or for a numpy drill the
    lines of Python the loop runs (its cost: a numpy loop makes few function calls) against the
    solution's calls; a loop answer cached before lines were counted says what the count misses."""
    values = {"size": units.size(size), "loop": f"{timing.loop_ops:,}", "yours": f"{timing.solution_ops:,}"}
    if timing.ops_unit == "torch operations":
        return say("timing", "work_torch", lang, **values)
    if timing.loop_lines:
        return say("timing", "work_lines", lang, lines=f"{timing.loop_lines:,}", **values)
    return say("timing", "work_calls", lang, **values)


def device_detail(device: DeviceResult) -> Message:
    """The device's sentence without its own name in front (the view puts the name there)."""
    said = device.message
    if said.code == "on_device" and said.params.get("device") == device.device:
        inner: Message = said.params["message"]
        return inner
    return said


def device_status(
    device: DeviceResult, result: FileResult, lang: str = "en", mark: Styler = str, escape: Styler = str
) -> str | None:
    """`cpu: pass`, with the device's own message when the headline does not say it already;
    None for a device that was correct while the headline names what to fix first."""
    if device.timing is None and device.verdict.passed and not result.verdict.passed:
        return None
    verdict = mark(verdict_word(device.verdict.value, lang))
    status = say("report", "device_lead", lang, device=device.device, verdict=verdict)
    if device.timing is None and device.message != result.message:
        status += say("report", "device_detail", lang, detail=escape(device_detail(device).text(lang)))
    return status


def sandbox_line(result: FileResult, lang: str = "en") -> str | None:
    """`sandbox: bwrap`: the isolation layer the solution ran under (None when nothing ran). A
    weaker layer than the machine's best comes with a note saying why (in `result.notes`)."""
    return say("result", "sandbox", lang, layer=result.isolation) if result.isolation else None


def inputs_line(inputs: Sequence[InputNear], lang: str = "en") -> str:
    """`The inputs at that element: x[3] = -0.7 (x[1:6]: 0.1, -0.3, -0.7, 0.5, 1.2); w: shape (4, 5).`:
    each input at the first differing element with the values around it along its last axis, or
    its shape (the terminal and the notebook's views say it alike)."""
    parts = []
    for entry in inputs:
        if entry.index is None or entry.start is None:
            parts.append(say("mismatch", "input_shape", lang, name=entry.name, shape=str(tuple(entry.shape))))
            continue
        at = f"{entry.name}[{', '.join(map(str, entry.index))}]" if entry.index else entry.name
        value = entry.values[entry.index[-1] - entry.start[-1]] if entry.index else entry.values[0]
        if len(entry.values) > 1:
            span = [*map(str, entry.start[:-1]), f"{entry.start[-1]}:{entry.start[-1] + len(entry.values)}"]
            around = f"{entry.name}[{', '.join(span)}]"
            values = ", ".join(entry.values)
            parts.append(
                say("mismatch", "input_around", lang, at=at, value=value, around=around, values=values)
            )
        else:
            parts.append(f"{at} = {value}")
    return say("mismatch", "inputs_at", lang, inputs=say("mismatch", "input_separator", lang).join(parts))


def mismatch_lines(mismatch: Mismatch, lang: str = "en") -> list[str]:
    """The first difference from the loop in sentences: what yours has against what the loop's has,
    then the size and case it happened at and the seed that replays it. The one place the notebook's
    views word a mismatch (the HTML view lays out these same lines)."""
    lines = [_difference(mismatch, lang)]
    if mismatch.inputs:
        lines.append(inputs_line(mismatch.inputs, lang))
    if mismatch.size is not None:
        case = message("mismatch", "found_case", case=mismatch.case) if mismatch.case else ""
        seeded = message("mismatch", "seed_replays", seed=mismatch.seed)
        replay = message("mismatch", "runs_always") if mismatch.seed is None else seeded
        size = units.size(mismatch.size)
        lines.append(say("mismatch", "found_at", lang, size=size, case=case, replay=replay))
    return lines


# How the notebook words each kind of difference: yours against the loop's.
_DIFFERENCES = {
    "input-mutated": "yours_changed",
    "count": "yours_returned",
    "shape": "yours_has_shape",
    "dtype": "yours_has_dtype",
    "device": "yours_is_on",
    "type": "yours_is_of_type",
    "gradient": "yours_gradient_is",
}


def _difference(mismatch: Mismatch, lang: str) -> str:
    """`Your out[3] is 0.0419; the loop's is 0.0421.`, worded for each kind of difference."""
    output = mismatch.output
    if mismatch.index:
        at = ", ".join(str(i) for i in mismatch.index)
        output = message("mismatch", "indexed", output=output, at=f"[{at}]")
    code = _DIFFERENCES.get(mismatch.what, "yours_is")
    if mismatch.what == "gradient" and mismatch.index is None:
        code = "yours_no_gradient"
    return say("mismatch", code, lang, output=output, expected=mismatch.expected, got=mismatch.got)


def scaling_sentence(device: DeviceResult, lang: str = "en") -> str:
    """What the measured ladder shows, in words: where the curves cross and whether the gain
    grows or shrinks with the input (the terminal, the notebook and its HTML view all say it)."""
    from vecdrill.measure import ladder

    dims = ladder.varying_dims(device.scaling)
    curve = ladder.curve(device.scaling)

    def size(dims_size: Size) -> str:
        return units.size({d: dims_size[d] for d in dims})

    def at(p: ScalingPoint) -> Message:
        """`8x at N=1` where yours is faster (the sentence says so), `2x slower at N=1` otherwise."""
        code = "speed_at" if p.speedup >= 1 else "slower_at"
        return message("curve", code, number=_factor(max(p.speedup, 1 / p.speedup)), size=size(p.size))

    first, last, best = curve.first, curve.last, curve.best
    values: dict[str, Any] = {
        "first": at(first),
        "last": at(last),
        "best": at(best),
        "start": size(first.size),
        "best_size": size(best.size),
        "grows_faster": message("curve", "grows_faster"),
    }
    if curve.wins_until is not None:
        code = "wins_until" if first.speedup >= 1 else "wins_mid"
        values["until"] = size(curve.wins_until)
    elif curve.wins_from is None:
        code = "loop_always"
    elif curve.wins_from != first.size:
        code = "wins_from_peaks" if curve.trend == "peaks" else "wins_from"
        values["wins_from"] = size(curve.wins_from)
    else:
        code = curve.trend if curve.trend in ("grows", "shrinks", "peaks") else "steady"
    return say("curve", code, lang, **values)


def outputs(result: FileResult, lang: str = "en") -> list[tuple[str, str]]:
    """The learner's traceback and, when it did not pass, what it printed: (title, text)."""
    shown = [(say("result", "traceback", lang), result.traceback)] if result.traceback else []
    if not result.verdict.passed:
        printed = (("output", result.stdout), ("error_output", result.stderr))
        shown += [(say("result", title, lang), text) for title, text in printed if text.strip()]
    return shown


def note_line(note: Message, lang: str = "en") -> str:
    return say("result", "note", lang, note=clean(note.text(lang)))


def result_text(result: FileResult, explanation: str | None, lang: str = "en") -> str:
    lines = [clean(headline(result, lang))]
    lines += [
        f"  {clean(f'{result.file}:{f.line}:{f.col} {f.message.text(lang)}')}" for f in result.findings[1:]
    ]
    for device in result.devices:
        status = device_status(device, result, lang)
        if status is not None:
            timed = f"  {speedup_line(device.timing, lang)}" if device.timing else ""
            lines.append(f"  {clean(status)}{timed}")
        if device.mismatch is not None:
            lines += [f"    {clean(line)}" for line in mismatch_lines(device.mismatch, lang)]
        if device.timing is not None:
            lines += [f"    {line}" for line in timing_details(device.timing, lang)]
        if device.scaling:
            lines.append(f"    {scaling_sentence(device, lang)}")
    for title, printed in outputs(result, lang):
        lines += [f"{title}:", clean(printed, lang=lang).rstrip()]
    lines += [note_line(note, lang) for note in result.notes]
    if sandbox := sandbox_line(result, lang):
        lines.append(sandbox)
    if explanation and result.verdict.passed:
        lines += ["", clean(explanation, 20000).rstrip()]
    return "\n".join(lines)


def result_markdown(result: FileResult, explanation: str | None, lang: str = "en") -> str:
    """The headline in bold, the details and the learner's text in code blocks, the explanation."""
    details = result_text(result, None, lang).split("\n", 1)
    word, rest = clean(headline(result, lang)).split(" ", 1)
    blocks = [f"**{word}** {escape(rest)}"]
    if len(details) > 1:
        blocks.append(fenced(details[1]))
    if explanation and result.verdict.passed:
        blocks.append(explanation)
    return "\n\n".join(blocks)


def loop_rule(drill: Drill, lang: str = "en") -> str:
    """How the function may be written: with no Python loop, or (a `loop_over` drill) with one
    over the sequential dimension only, named the way the learner meets it: a parameter's axis."""
    if not drill.loop_over:
        return say("rule", "no_loop", lang)
    for spec in drill.inputs:
        if drill.loop_over in spec.shape:
            axis = spec.shape.index(drill.loop_over)
            return say("rule", "loop_along", lang, name=spec.name, axis=axis, dim=drill.loop_over)
    return say("rule", "loop_over", lang, dim=drill.loop_over)


def plain(markup: str) -> str:
    """A catalogue sentence without the terminal's styling (`[bold]...[/]`)."""
    return re.sub(r"\[(?:bold|dim|/)\]", "", markup)


def about(drill: Drill, lang: str) -> list[str]:
    """A drill's level, library and techniques: what every view of it says beside its title."""
    return [say("path", "level", lang, level=drill.level), drill.library, ", ".join(drill.techniques)]


def signature(drill: Drill) -> str:
    """`fx_double(x)`: the function to write, with its parameters."""
    return f"{drill.function}({', '.join(spec.name for spec in drill.inputs)})"


def sizes_lines(drill: Drill, lang: str) -> list[str]:
    """The sizes a drill is checked at and the size it is timed at, as `show` says them."""
    words = messages.words("show", lang)
    checked = words["sizes"].format(sizes="; ".join(units.size(s) for s in drill.sizes))
    return [checked, *([words["bench"].format(size=units.size(drill.bench))] if drill.benchmark else [])]


def drill_text(drill: Drill, lang: str) -> str:
    words = messages.words("show", lang)
    return "\n".join(
        [
            *([NO_CHINESE] if drill.untranslated(lang) else []),
            f"{drill.id}: {drill.title_in(lang)} ({', '.join(about(drill, lang))})",
            drill.task_in(lang),
            plain(words["write"].format(signature=signature(drill), rule=loop_rule(drill, lang))),
            "",
            words["loop"],
            drill.file("loop.py").read_text(encoding="utf-8").rstrip(),
            "",
            *sizes_lines(drill, lang),
        ]
    )


def hints_text(hints: Hints, lang: str = "en") -> str:
    heading = messages.words("hints", lang)["heading"]
    lines = [heading.format(number=n, total=hints.total) + step for n, step in enumerate(hints.steps, 1)]
    if len(hints.steps) < hints.total:
        lines.append(say("notebook", "hint_again", lang, drill=repr(hints.drill_id)))
    else:
        lines.append(say("notebook", "hint_last", lang, drill=hints.drill_id))
    notes = [note for note in (hints.notice.text(lang) if hints.notice else None, hints.untranslated) if note]
    return "\n".join(notes + lines)


def catalogue_text(drills: list[Drill], solved: set[str], lang: str = "en") -> str:
    done, level = say("notebook", "solved", lang), messages.words("path", lang)["level"]
    return "\n".join(
        f"{d.id}\t{d.title_in(lang)}\t{level.format(level=d.level)}\t{d.library}\t{', '.join(d.techniques)}"
        f"\t{done if d.id in solved else '-'}"
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
