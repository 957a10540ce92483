"""The notebook views as text: plain text for `print(result)` and terminals, Markdown for frontends
that show Markdown but not HTML. The wording of each line lives here; html_view.py lays the same lines out.

No rich: a notebook's result must render the same whether or not a terminal is attached. Learner
text has its control characters replaced and is capped with a visible notice, as in the terminal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from vecdrill.content.drill import NO_CHINESE
from vecdrill.measure.efficiency import LAUNCH_BOUND_OPS
from vecdrill.result import units

if TYPE_CHECKING:
    from vecdrill.content.drill import Drill, Size
    from vecdrill.learner.guidance import Hints
    from vecdrill.measure.ladder import Curve
    from vecdrill.result.model import DeviceResult, FileResult, InputNear, Mismatch, ScalingPoint, Timing

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


def speed(ratio: float, lang: str = "en") -> str:
    """`16x faster` or `16x slower`, never `0.06x faster`; in Chinese `快 16 倍` or `慢 16 倍`."""
    factor = units.speedup(ratio if ratio >= 1 else 1 / ratio)
    if lang == "zh":
        return f"{'快' if ratio >= 1 else '慢'} {factor.removesuffix('x')} 倍"
    return f"{factor} {'faster' if ratio >= 1 else 'slower'}"


def speed_range(low: float, high: float, lang: str = "en") -> str:
    """`12x to 17x` on one side of 1 (the smaller factor first), `1.2x slower to 3x faster` across it."""
    if (low >= 1) != (high >= 1):
        return f"{speed(low, lang)} {'到' if lang == 'zh' else 'to'} {speed(high, lang)}"
    near, far = (low, high) if low >= 1 else (1 / high, 1 / low)
    if lang == "zh":
        return f"{units.speedup(near).removesuffix('x')} 到 {units.speedup(far).removesuffix('x')} 倍"
    return f"{units.speedup(near)} to {units.speedup(far)}"


def speedup_line(timing: Timing, lang: str = "en", *, strong: tuple[str, str] = ("", "")) -> str:
    """`loop 75 ms, yours 5 µs: 15000x faster (range 12000x to 17000x)`; `strong` wraps the
    speed (the terminal's bold)."""
    loop, yours = units.seconds(timing.loop_seconds), units.seconds(timing.solution_seconds)
    shown = f"{strong[0]}{speed(timing.speedup, lang)}{strong[1]}"
    spread = speed_range(timing.speedup_low, timing.speedup_high, lang)
    if lang == "zh":
        return f"循环 {loop}，你的 {yours}：{shown}（范围 {spread}）"
    return f"loop {loop}, yours {yours}: {shown} (range {spread})"


def efficiency_lines(timing: Timing, lang: str = "en") -> list[str]:
    """Under the speedup: on a GPU, whether the number counts launches saved; then how close the
    solution came to this machine's measured limit. Each line fits 80 columns once indented."""
    figure = timing.efficiency
    if figure is None:
        return []
    words = _EFFICIENCY_ZH if lang == "zh" else _EFFICIENCY_EN
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
    keys = ["launch_bound"] if figure.launch_bound else []
    keys.append(figure.bound)
    keys += [f"{figure.bound}_above"] if figure.fraction > 1 else []
    return [line.format(**values) for key in keys for line in words[key]]


_EFFICIENCY_EN = {
    "launch_bound": (
        "launch-bound: a call takes less than {ops} tiny GPU operations ({op} each),",
        "and the loop waits for the GPU on every element: this speedup counts",
        "launches saved, not how fast the GPU computes",
    ),
    "memory": (
        "memory-bound: at least {work} moved a call, {rate}: {percent} of",
        "this machine's copy rate, {ceiling} (measured)",
    ),
    "compute": (
        "compute-bound: at least {work} a call, {rate}: {percent} of",
        "this machine's {source} matmul rate, {ceiling} (measured)",
    ),
    "memory_above": ("over 100%: the data fits in a cache, which the copy measurement avoids",),
    "compute_above": ("over 100%: this size suits the machine better than the product measured",),
}
_EFFICIENCY_ZH = {
    "launch_bound": (
        "受启动开销限制：一次调用的时间不到 {ops} 个最小 GPU 操作（每个 {op}），",
        "而循环每个元素都要等 GPU：这个加速比衡量的是省下的启动次数，",
        "而不是 GPU 的计算速度",
    ),
    "memory": (
        "访存受限：每次调用至少读写 {work}，速度 {rate}，",
        "达到本机实测拷贝带宽 {ceiling} 的 {percent}",
    ),
    "compute": (
        "计算受限：每次调用至少 {work}，速度 {rate}，",
        "达到本机实测 {source} 矩阵乘速率 {ceiling} 的 {percent}",
    ),
    "memory_above": ("超过 100%：数据放得进缓存，而拷贝测量特意避开了缓存",),
    "compute_above": ("超过 100%：这个规模比测量用的矩阵乘更适合本机",),
}


def timing_details(timing: Timing, lang: str = "en") -> list[str]:
    """The lines under the speedup: where and how it was measured, and the work each side does."""
    threads = f"{timing.threads} thread{'s' if timing.threads != 1 else ''}"
    loop, yours = units.seconds(timing.loop_median_seconds), units.seconds(timing.solution_median_seconds)
    lines = [
        f"at {units.size(timing.size)}, {threads}; {timing.loop_repeats} loop and "
        f"{timing.solution_repeats} solution calls",
        f"时间取自受其他程序干扰最少的那些调用；一般的调用：循环 {loop}，你的 {yours}"
        if lang == "zh"
        else f"times from the calls other programs disturbed least; typical calls: loop {loop}, "
        f"yours {yours}",
    ]
    if timing.loop_ops is not None and timing.ops_size is not None:
        lines.append(_work_line(timing, timing.ops_size, lang))
    return lines


def _work_line(timing: Timing, size: Size, lang: str) -> str:
    """The work each side does at `size`, counted: torch operations, or for a numpy drill the
    lines of Python the loop runs (its cost: a numpy loop makes few function calls) against the
    solution's calls; a loop answer cached before lines were counted says what the count misses."""
    at, loop, yours = units.size(size), f"{timing.loop_ops:,}", f"{timing.solution_ops:,}"
    torch = timing.ops_unit == "torch operations"
    if not torch and timing.loop_lines:
        lines = f"{timing.loop_lines:,}"
        if lang == "zh":
            return (
                f"{at} 时的工作量：循环逐行执行了 {lines} 行 Python 代码；"
                f"你的解法只调用 {yours} 次函数，每次处理整个数组"
            )
        return (
            f"work at {at}: the loop runs {lines} lines of Python, one after another; yours makes "
            f"{yours} function calls, each on whole arrays"
        )
    if lang == "zh":
        if torch:
            return f"{at} 时的工作量：循环执行 {loop} 个 torch 操作，你的 {yours} 个"
        return (
            f"{at} 时的工作量：循环调用 Python 函数 {loop} 次，你的 {yours} 次；"
            "numpy 循环慢在每个元素都要走几步 Python 代码，这些不计入函数调用"
        )
    if torch:
        return f"work at {at}: the loop runs {loop} torch operations, yours {yours}"
    return (
        f"work at {at}: the loop makes {loop} Python function calls, yours {yours}; a numpy loop is "
        "slow for the Python steps it takes per element, which this count does not include"
    )


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


def sandbox_line(result: FileResult) -> str | None:
    """`sandbox: bwrap`: the isolation layer the solution ran under (None when nothing ran). A
    weaker layer than the machine's best comes with a note saying why (in `result.notes`)."""
    return f"sandbox: {result.isolation}" if result.isolation else None


def inputs_line(inputs: list[InputNear], lang: str = "en") -> str:
    """`The inputs at that element: x[3] = -0.7 (x[1:6]: 0.1, -0.3, -0.7, 0.5, 1.2); w: shape (4, 5).`:
    each input at the first differing element with the values around it along its last axis, or
    its shape (the terminal and the notebook's views say it alike)."""
    parts = []
    for entry in inputs:
        if entry.index is None or entry.start is None:
            shape = "(" + ", ".join(map(str, entry.shape)) + ("," if len(entry.shape) == 1 else "") + ")"
            parts.append(f"{entry.name}：形状 {shape}" if lang == "zh" else f"{entry.name}: shape {shape}")
            continue
        at = f"{entry.name}[{', '.join(map(str, entry.index))}]" if entry.index else entry.name
        value = entry.values[entry.index[-1] - entry.start[-1]] if entry.index else entry.values[0]
        text = f"{at} = {value}"
        if len(entry.values) > 1:
            span = [*map(str, entry.start[:-1]), f"{entry.start[-1]}:{entry.start[-1] + len(entry.values)}"]
            around = f"{entry.name}[{', '.join(span)}]"
            values = ", ".join(entry.values)
            text += f"（{around}：{values}）" if lang == "zh" else f" ({around}: {values})"
        parts.append(text)
    if lang == "zh":
        return f"该元素处的输入：{'；'.join(parts)}。"
    return f"The inputs at that element: {'; '.join(parts)}."


def mismatch_lines(mismatch: Mismatch) -> list[str]:
    """The first difference from the loop in sentences: what yours has against what the loop's has,
    then the size and case it happened at and the seed that replays it. The one place the notebook's
    views word a mismatch (the HTML view lays out these same lines)."""
    lines = [_difference(mismatch)]
    if mismatch.inputs:
        lines.append(inputs_line(mismatch.inputs))
    if mismatch.size is not None:
        where = f"size {units.size(mismatch.size)}" + (f" ({mismatch.case})" if mismatch.case else "")
        replay = "every check runs this case" if mismatch.seed is None else f"seed {mismatch.seed} replays it"
        lines.append(f"Found at {where}; {replay}.")
    return lines


def _difference(mismatch: Mismatch) -> str:
    """`Your out[3] is 0.0419; the loop's is 0.0421.`, worded for each kind of difference."""
    output, expected, got = mismatch.output, mismatch.expected, mismatch.got
    if mismatch.index:
        at = ", ".join(str(i) for i in mismatch.index)
        output = f"{output}[{at}]" if " " not in output else f"{output} at [{at}]"
    if mismatch.what == "input-mutated":
        return f"Your solution changed its {output} in place."
    if mismatch.what == "gradient" and mismatch.index is None:
        return f"Your result gives no {output}; the loop's result does."
    if mismatch.what == "count":
        return f"Your solution returned {got}; the loop returns {expected}."
    verbs = {"shape": "has shape", "dtype": "has dtype", "device": "is on", "type": "is of type"}
    if mismatch.what in verbs:
        verb = verbs[mismatch.what]
        return f"Your {output} {verb} {got}; the loop's {verb} {expected}."
    if mismatch.what in ("value", "gradient", "kind"):  # a number, or a kind worded with its article
        return f"Your {output} is {got}; the loop's is {expected}."
    return f"Your {output}'s {mismatch.what} is {got}; the loop's is {expected}."


def scaling_sentence(device: DeviceResult, lang: str = "en") -> str:
    """What the measured ladder shows, in words: where the curves cross and whether the gain
    grows or shrinks with the input (the terminal, the notebook and its HTML view all say it)."""
    from vecdrill.measure import ladder

    dims = ladder.varying_dims(device.scaling)
    shape = ladder.curve(device.scaling)

    def at(p: ScalingPoint) -> str:
        """`8x at N=1` where yours is faster (the sentence says so), `2x slower at N=1` otherwise."""
        size = units.size({d: p.size[d] for d in dims})
        if lang == "zh":
            return f"{size} 时{speed(p.speedup, lang)}"
        return f"{units.speedup(p.speedup) if p.speedup >= 1 else speed(p.speedup)} at {size}"

    def size(dims_size: dict[str, int]) -> str:
        return units.size({d: dims_size[d] for d in dims})

    words = _scaling_zh if lang == "zh" else _scaling_en
    return words(shape, at, size)


def _scaling_en(curve: Curve, at: Callable[[ScalingPoint], str], size: Callable[[Size], str]) -> str:
    first, last, best = curve.first, curve.last, curve.best
    grows_faster = "your solution's time grows faster with the input than the loop's"
    if curve.wins_until is not None:
        where = f"from {size(first.size)} up to" if first.speedup >= 1 else "only at mid sizes, up to"
        return (
            f"yours is faster {where} about {size(curve.wins_until)} (at best {at(best)}), but the loop "
            f"is faster from there on ({at(last)}): {grows_faster}"
        )
    if curve.wins_from is None:
        return f"the loop is faster at every size: yours is {at(first)} and {at(last)}"
    if curve.wins_from != first.size:
        tail = (
            f"by up to {at(best)}, though the gain falls to {at(last)}"
            if curve.trend == "peaks"
            else f"up to {at(last)}"
        )
        return (
            f"the loop is faster below about {size(curve.wins_from)} (yours is {at(first)}); from there "
            f"yours wins, {tail}"
        )
    if curve.trend == "grows":
        return (
            f"yours is faster at every size, from {at(first)} to {at(last)}; vectorizing has a fixed "
            "cost per call, so the gain grows with the input"
        )
    if curve.trend == "shrinks":
        return (
            f"yours is faster at every size, but the gain shrinks from {at(first)} to {at(last)}: "
            f"{grows_faster}"
        )
    if curve.trend == "peaks":
        return (
            f"yours is faster at every size; the gain peaks at {at(best)} and falls to {at(last)}: "
            f"beyond {size(best.size)}, {grows_faster}"
        )
    return f"yours is faster at every size, by a similar factor from {at(first)} to {at(last)}"


def _scaling_zh(curve: Curve, at: Callable[[ScalingPoint], str], size: Callable[[Size], str]) -> str:
    first, last, best = curve.first, curve.last, curve.best
    grows_faster = "随着输入变大，你的解法的耗时比循环增长得更快"
    if curve.wins_until is not None:
        where = f"从 {size(first.size)} 到" if first.speedup >= 1 else "只在中等规模、最多到"
        return (
            f"你的解法{where}约 {size(curve.wins_until)} 为止更快（最好时 {at(best)}），"
            f"但从那里起循环更快（{at(last)}）：{grows_faster}"
        )
    if curve.wins_from is None:
        return f"每个规模上循环都更快：你的解法 {at(first)}，{at(last)}"
    if curve.wins_from != first.size:
        tail = f"最多 {at(best)}，但增益降到 {at(last)}" if curve.trend == "peaks" else f"直到 {at(last)}"
        return (
            f"规模小于约 {size(curve.wins_from)} 时循环更快（你的解法 {at(first)}）；"
            f"从那里起你的解法更快，{tail}"
        )
    if curve.trend == "grows":
        return (
            f"每个规模上你的解法都更快，从 {at(first)} 到 {at(last)}；"
            "向量化每次调用有固定开销，所以增益随输入变大而增长"
        )
    if curve.trend == "shrinks":
        return f"每个规模上你的解法都更快，但增益从 {at(first)} 缩小到 {at(last)}：{grows_faster}"
    if curve.trend == "peaks":
        return (
            f"每个规模上你的解法都更快；增益在 {at(best)} 达到最高，到 {at(last)} 回落："
            f"超过 {size(best.size)} 后，{grows_faster}"
        )
    return f"每个规模上你的解法都更快，倍数相近：从 {at(first)} 到 {at(last)}"


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
            lines += [f"    {clean(line)}" for line in mismatch_lines(device.mismatch)]
        if device.timing is not None:
            lines += [f"    {line}" for line in efficiency_lines(device.timing)]
            lines += [f"    {line}" for line in timing_details(device.timing)]
        if device.scaling:
            lines.append(f"    {scaling_sentence(device)}")
    for title, text in outputs(result):
        lines += [f"{title}:", clean(text).rstrip()]
    lines += [f"note: {clean(note)}" for note in result.notes]
    if sandbox := sandbox_line(result):
        lines.append(sandbox)
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


def loop_rule(drill: Drill, lang: str = "en") -> str:
    """How the function may be written: with no Python loop, or (a `loop_over` drill) with one
    over the sequential dimension only, named the way the learner meets it: a parameter's axis."""
    zh = lang == "zh"
    if not drill.loop_over:
        return "，不用 Python 循环。" if zh else "without a Python loop."
    axis = next(
        (
            (spec.name, spec.shape.index(drill.loop_over))
            for spec in drill.inputs
            if drill.loop_over in spec.shape
        ),
        None,
    )
    if zh:
        along = (
            f"沿 `{axis[0]}` 的第 {axis[1]} 维（长度 {drill.loop_over}）" if axis else f"对 {drill.loop_over}"
        )
        return f"，只允许{along}写一层 Python 循环，其余各维都要向量化。"
    along = (
        f"along `{axis[0]}`'s axis {axis[1]} (size {drill.loop_over})" if axis else f"over {drill.loop_over}"
    )
    return f"with a Python loop {along} only, every other axis vectorized."


def drill_text(drill: Drill, lang: str) -> str:
    signature = ", ".join(spec.name for spec in drill.inputs)
    sizes = "; ".join(units.size(s) for s in drill.sizes)
    return "\n".join(
        [
            *([NO_CHINESE] if drill.untranslated(lang) else []),
            f"{drill.id}: {drill.title_in(lang)} (level {drill.level}, {drill.library}, "
            f"{', '.join(drill.techniques)})",
            drill.task_in(lang),
            f"Write {drill.function}({signature}) {loop_rule(drill)}",
            "",
            "The loop to replace:",
            drill.file("loop.py").read_text(encoding="utf-8").rstrip(),
            "",
            f"Checked at sizes: {sizes}",
            *([f"Benchmark size: {units.size(drill.bench)}"] if drill.benchmark else []),
        ]
    )


def hints_text(hints: Hints) -> str:
    lines = [f"Hint {n} of {hints.total}: {step}" for n, step in enumerate(hints.steps, 1)]
    if len(hints.steps) < hints.total:
        lines.append(f"vecdrill.hint({hints.drill_id!r}) again shows the next step.")
    else:
        lines.append(f"That was the last hint; `vecdrill solution {hints.drill_id}` shows the reference.")
    notes = [note for note in (hints.notice, hints.untranslated) if note]
    return "\n".join(notes + lines)


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
