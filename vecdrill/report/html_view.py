"""The notebook views as HTML, for Jupyter's display protocol: a check's verdict, the mismatch, the
speedup, the scaling chart as inline SVG and the explanation; a drill, its hints and the catalogue.

The words come from text.py, so a notebook, a terminal and `print()` say the same thing. Every piece
of text is escaped here, the learner's above all (file names, messages, output, tracebacks); the
explanation goes through markdown.py, which escapes too. Standard library only, no rich.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from vecdrill import messages
from vecdrill.content.drill import NO_CHINESE
from vecdrill.messages import say
from vecdrill.report import markdown, text
from vecdrill.result import units

if TYPE_CHECKING:
    from vecdrill.content.drill import Drill
    from vecdrill.learner.guidance import Hints
    from vecdrill.result.model import DeviceResult, FileResult

_COLOURS = {"pass": "#1a7f37", "loop": "#9a6700", "forbidden": "#9a6700"}
_FAIL_COLOUR = "#cf222e"
_LOOP_COLOUR, _YOURS_COLOUR = "#cf222e", "#1a7f37"
_WIDTH, _HEIGHT, _LEFT, _BOTTOM, _PAD = 520, 240, 70, 40, 12


def _e(value: str) -> str:
    return html.escape(text.clean(value))


def result(checked: FileResult, explanation: str | None, lang: str = "en") -> str:
    verdict = checked.verdict.value

    def mark(word: str) -> str:
        return f'<strong style="color:{_COLOURS.get(verdict, _FAIL_COLOUR)}">{_e(word.upper())}</strong>'

    line = text.headline(checked, lang, mark, _e, file=f"<code>{_e(checked.file)}</code>")
    parts = [f'<p class="vecdrill-verdict" data-verdict="{_e(verdict)}">{line}</p>']
    if len(checked.findings) > 1:
        items = "".join(
            f"<li><code>{_e(f'{checked.file}:{f.line}:{f.col}')}</code> {_e(f.message.text(lang))}</li>"
            for f in checked.findings[1:]
        )
        parts.append(f'<ul class="vecdrill-findings">{items}</ul>')
    parts += [_device(device, checked, lang) for device in checked.devices]
    for title, output in text.outputs(checked, lang):
        parts.append(
            f'<details class="vecdrill-output" open><summary>{_e(title)}</summary>'
            f"<pre>{html.escape(text.clean(output.rstrip(), lang=lang))}</pre></details>"
        )
    parts += [
        f'<p class="vecdrill-note"><em>{_e(text.note_line(note, lang))}</em></p>' for note in checked.notes
    ]
    if sandbox := text.sandbox_line(checked, lang):
        parts.append(f'<p class="vecdrill-sandbox"><small>{_e(sandbox)}</small></p>')
    if explanation and checked.verdict.passed:
        title = _e(say("result", "explanation", lang))
        parts.append(
            f'<details class="vecdrill-explanation" open><summary>{title}</summary>'
            f"{markdown.to_html(text.clean(explanation, 20000))}</details>"
        )
    return '<div class="vecdrill-result">' + "\n".join(parts) + "</div>"


def _device(device: DeviceResult, checked: FileResult, lang: str) -> str:
    parts = []
    status = text.device_status(device, checked, lang)
    if status is not None:
        parts.append(f'<p class="vecdrill-device">{_e(status)}</p>')
    if device.mismatch is not None:
        sentences = "".join(f"<p>{_e(line)}</p>" for line in text.mismatch_lines(device.mismatch, lang))
        parts.append(f'<div class="vecdrill-mismatch">{sentences}</div>')
    timing = device.timing
    if timing is not None:
        speedup = _e(text.speedup_line(timing, lang))
        parts.append(f'<p class="vecdrill-speedup"><strong>{speedup}</strong></p>')
        details = "<br>".join(_e(line) for line in text.timing_details(timing, lang))
        parts.append(f'<p class="vecdrill-timing"><small>{details}</small></p>')
    if device.scaling:
        parts.append(chart(device, lang))
        parts.append(f'<p class="vecdrill-crossover">{_e(text.scaling_sentence(device, lang))}</p>')
    return "\n".join(parts)


def chart(device: DeviceResult, lang: str = "en") -> str:
    """Seconds per call against the input size on log-log axes: the loop, yours, and the crossover."""
    from vecdrill.measure import ladder

    points = device.scaling
    dims = ladder.varying_dims(points)
    xs = [math.log(ladder.extent(p.size, dims)) for p in points]
    times = [t for p in points for t in (p.loop_seconds, p.solution_seconds)]
    ys = [math.log(t) for t in times]
    plot_w, plot_h = _WIDTH - _LEFT - _PAD, _HEIGHT - _BOTTOM - _PAD

    def x_at(value: float) -> float:
        span = max(xs) - min(xs)
        return _LEFT + (plot_w * (value - min(xs)) / span if span else plot_w / 2)

    def y_at(seconds: float) -> float:
        span = max(ys) - min(ys)
        return _PAD + (plot_h * (max(ys) - math.log(seconds)) / span if span else plot_h / 2)

    shapes = [
        f'<line x1="{_LEFT}" y1="{_PAD}" x2="{_LEFT}" y2="{_PAD + plot_h}" stroke="#888"/>',
        f'<line x1="{_LEFT}" y1="{_PAD + plot_h}" x2="{_LEFT + plot_w}" y2="{_PAD + plot_h}" stroke="#888"/>',
    ]
    for name, colour, values in (
        ("loop", _LOOP_COLOUR, [p.loop_seconds for p in points]),
        ("yours", _YOURS_COLOUR, [p.solution_seconds for p in points]),
    ):
        path = " ".join(f"{x_at(x):.1f},{y_at(t):.1f}" for x, t in zip(xs, values, strict=True))
        shapes.append(
            f'<polyline class="vecdrill-{name}" points="{path}" fill="none" stroke="{colour}" '
            'stroke-width="2"/>'
        )
        shapes += [
            f'<circle cx="{x_at(x):.1f}" cy="{y_at(t):.1f}" r="3" fill="{colour}"/>'
            for x, t in zip(xs, values, strict=True)
        ]
    cross = device.crossover
    if cross is not None and cross != points[0].size:
        at = x_at(math.log(ladder.extent(cross, dims)))
        shapes.append(
            f'<line class="vecdrill-crossover-line" x1="{at:.1f}" y1="{_PAD}" x2="{at:.1f}" '
            f'y2="{_PAD + plot_h}" stroke="#bf8700" stroke-dasharray="4 3"/>'
        )
    first, last = (units.size({d: p.size[d] for d in dims}) for p in (points[0], points[-1]))
    labels = [
        (_LEFT - 6, _PAD + 4, "end", units.seconds(max(times))),
        (_LEFT - 6, _PAD + plot_h, "end", units.seconds(min(times))),
        (_LEFT, _HEIGHT - _BOTTOM + 16, "start", first),
        (_LEFT + plot_w, _HEIGHT - _BOTTOM + 16, "end", last),
        (_LEFT + plot_w / 2, _HEIGHT - 6, "middle", say("result", "chart_legend", lang)),
    ]
    shapes += [
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="11">{html.escape(label)}</text>'
        for x, y, anchor, label in labels
    ]
    title = say("result", "chart_title", lang, device=device.device)
    return (
        f'<svg class="vecdrill-chart" xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
        f'viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" aria-label="{html.escape(title)}">'
        f"<title>{html.escape(title)}</title>" + "".join(shapes) + "</svg>"
    )


_SLOT = "\N{OBJECT REPLACEMENT CHARACTER}"  # where markup goes into an escaped sentence


def drill(shown: Drill, lang: str) -> str:
    """The drill as `vecdrill show` words it: the plain text's lines, the loop as code."""
    words = messages.words("show", lang)
    note = f"<p><small>{_e(NO_CHINESE)}</small></p>" if shown.untranslated(lang) else ""
    write = _e(text.plain(words["write"].format(signature=_SLOT, rule=text.loop_rule(shown, lang))))
    sizes = "<br>".join(_e(line) for line in text.sizes_lines(shown, lang))
    loop = shown.file("loop.py").read_text(encoding="utf-8")
    return (
        f'<div class="vecdrill-drill">{note}<h3>{_e(shown.id)}: {_e(shown.title_in(lang))}</h3>'
        f"<p><small>{_e(' · '.join(text.about(shown, lang)))}</small></p><p>{_e(shown.task_in(lang))}</p>"
        f"<p>{write.replace(_SLOT, f'<code>{_e(text.signature(shown))}</code>')}</p>"
        f"<p><strong>{_e(words['loop'])}</strong></p><pre><code>{_e(loop)}</code></pre><p>{sizes}</p></div>"
    )


def hints(shown: Hints, lang: str = "en") -> str:
    lines = text.hints_text(shown, lang).splitlines()
    return '<div class="vecdrill-hints">' + "".join(f"<p>{_e(line)}</p>" for line in lines) + "</div>"


def catalogue(drills: list[Drill], solved: set[str], lang: str = "en") -> str:
    done = say("notebook", "solved", lang)
    rows = "".join(
        f"<tr><td><code>{_e(d.id)}</code></td><td>{_e(d.title_in(lang))}</td><td>{d.level}</td>"
        f"<td>{_e(d.library)}</td><td>{_e(', '.join(d.techniques))}</td>"
        f"<td>{done if d.id in solved else ''}</td></tr>"
        for d in drills
    )
    head = "".join(f"<th>{_e(h)}</th>" for h in say("notebook", "heads", lang).split("|"))
    return f'<table class="vecdrill-catalogue"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
