"""What a lint run prints: flake8-style lines, JSON, SARIF 2.1.0, GitHub workflow commands, the
summary, the drills to practise, and `--explain`.

Plain strings only (no rich), so the lint's command path stays light. Prose is wrapped to 80
columns, counting a Chinese character as two; a finding's own line stays one line, as every
tool that reads `path:line:col: CODE message` expects.
"""

from __future__ import annotations

import json
import textwrap
import unicodedata
from collections import Counter
from urllib.parse import quote

from vecdrill.lint.codes import RULES
from vecdrill.lint.disguised import replacement
from vecdrill.lint.examples import EXAMPLES
from vecdrill.lint.run import Finding, LintReport
from vecdrill.lint.scan import Hit, lint_source
from vecdrill.lint.tensors import NUMPY
from vecdrill.messages import Message, message, say
from vecdrill.version import __version__

FORMATS = ("text", "json", "sarif", "github")
WIDTH = 80
JSON_VERSION = 1
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def sentence(finding: Finding, lang: str) -> str:
    """The finding's sentence: why the loop is slow here, the technique, the drill."""
    why, fix = _why_and_fix(finding)
    return say("lint", "finding_sentence", lang, why=why, fix=fix, drill=finding.drill)


def _why_and_fix(found: Finding | Hit) -> tuple[Message, Message]:
    """A rule's why and fix, naming what its finding names (`.item()`, `out`, `sum`)."""
    values = {"data": _data(found.kind), "call": found.detail, "name": found.detail}
    if found.code == "VD132":
        values["way"] = replacement(found.detail, found.kind)
    return rule_words(found.code, "why", **values), rule_words(found.code, "fix", **values)


def _example(code: str) -> Hit:
    """The finding the rule's own example raises: what a rule's description names, as a real
    finding would (`.cpu()` for VD111, `np.vectorize` for VD130), never a stand-in."""
    before, _ = EXAMPLES[code]
    return next(hit for hit in lint_source(before.encode(), before) if hit.code == code)


def rule_words(code: str, part: str, **values: object) -> Message:
    """A rule's `title`, `why` or `fix` (the catalogue's `lint_rule` section)."""
    return message("lint_rule", f"{code}.{part}", **values)


def _data(kind: str) -> Message:
    """The gate's word for the file's library: tensor, or array."""
    return message("gate_part", "numpy" if kind == NUMPY else "torch")


def place(finding: Finding) -> str:
    """`path:line:col`, with the cell of a notebook as ruff writes it: `nb.ipynb:cell 3:5:1`."""
    cell = f"cell {finding.cell}:" if finding.cell is not None else ""
    return f"{finding.path}:{cell}{finding.line}:{finding.col}"


def text_lines(report: LintReport, lang: str) -> list[str]:
    return [f"{place(f)}: {f.code} {sentence(f, lang)}" for f in report.findings]


def summary(report: LintReport, lang: str) -> str:
    values = {"checked": report.checked, "lines": report.lines, "seconds": report.seconds}
    if not report.findings:
        return wrap(say("lint", "clean", lang, **values), lang)
    count, files = len(report.findings), report.files_with_findings()
    return wrap(say("lint", "summary", lang, count=count, noun=_noun(count), files=files, **values), lang)


def _noun(count: int) -> Message:
    return message("lint", "finding" if count == 1 else "findings")


def skipped_lines(report: LintReport, lang: str) -> list[str]:
    return [
        wrap(say("lint", why, lang, path=path, problem=problem), lang)
        for why, path, problem in report.skipped
    ]


def drills_in(report: LintReport) -> list[tuple[str, int, list[str]]]:
    """(drill, how many findings it teaches the fix of, their codes), most findings first."""
    counts = Counter(finding.drill for finding in report.findings)
    codes: dict[str, set[str]] = {}
    for finding in report.findings:
        codes.setdefault(finding.drill, set()).add(finding.code)
    return [(drill, count, sorted(codes[drill])) for drill, count in counts.most_common()]


def drill_lines(report: LintReport, lang: str) -> list[str]:
    drills = drills_in(report)
    if not drills:
        return [say("lint", "no_drill", lang)]
    return [say("lint", "drills", lang)] + [
        say("lint", "drill_line", lang, drill=d, count=n, noun=_noun(n), codes=", ".join(c))
        for d, n, c in drills
    ]


def json_document(report: LintReport, lang: str) -> str:
    document = {
        "version": JSON_VERSION,
        "tool": {"name": "vecdrill lint", "version": __version__},
        "findings": [
            {
                "path": f.path,
                "cell": f.cell,
                "line": f.line,
                "col": f.col,
                "code": f.code,
                "rule": RULES[f.code].name,
                "message": sentence(f, lang),
                "drill": f.drill,
                "try": f"vecdrill try {f.drill}",
            }
            for f in report.findings
        ],
        "checked": report.checked,
        "lines": report.lines,
        "seconds": report.seconds,
        "skipped": [{"path": path, "why": why, "problem": problem} for why, path, problem in report.skipped],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def sarif_document(report: LintReport, lang: str) -> str:
    """SARIF 2.1.0, the format GitHub code scanning uploads."""
    codes = sorted(RULES)
    rules = [
        {
            "id": code,
            "name": _pascal(RULES[code].name),
            "shortDescription": {"text": rule_words(code, "title").text(lang)},
            "fullDescription": {"text": _rule_text(code, lang)},
            "help": {"text": f"vecdrill lint --explain {code}"},
            "defaultConfiguration": {"level": "warning", "enabled": RULES[code].default},
            "properties": {"drill": RULES[code].torch_drill, "numpy-drill": RULES[code].numpy_drill},
        }
        for code in codes
    ]
    results = []
    for finding in report.findings:
        result: dict[str, object] = {
            "ruleId": finding.code,
            "ruleIndex": codes.index(finding.code),
            "level": "warning",
            "message": {"text": sentence(finding, lang)},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(finding.path)},
                        "region": {"startLine": finding.line, "startColumn": finding.col},
                    }
                }
            ],
        }
        if finding.cell is not None:
            result["properties"] = {"cell": finding.cell}
        results.append(result)
    document = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "vecdrill", "version": __version__, "rules": rules}},
                "results": results,
            }
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def github_lines(report: LintReport, lang: str) -> list[str]:
    """GitHub Actions workflow commands: one annotation per finding on the pull request's diff."""
    return [
        f"::warning file={_property(f.path)},line={f.line},col={f.col},title={f.code}::"
        f"{_escaped(sentence(f, lang))}"
        for f in report.findings
    ]


def explain(code: str, lang: str) -> str:
    """A rule in full: its title, why, fix, drills, default, and a before and an after."""
    rule = RULES[code]
    before, after = EXAMPLES[code]
    example = _example(code)
    why, fix = _why_and_fix(example)
    drills = sorted({rule.torch_drill, rule.numpy_drill}, key=lambda d: d != rule.drill(example.kind))
    default = "explain_default" if rule.default else "explain_off"
    parts = [
        wrap(f"{code}  {rule.name}: {rule_words(code, 'title').text(lang)}", lang),
        "",
        wrap(why.text(lang), lang),
        wrap(fix.text(lang), lang),
        "",
        *(say("lint", "explain_drill", lang, drill=drill) for drill in drills),
        wrap(say("lint", default, lang, rule=code), lang),
        "",
        say("lint", "explain_before", lang),
        textwrap.indent(before.rstrip("\n"), "    "),
        "",
        say("lint", "explain_after", lang),
        textwrap.indent(after.rstrip("\n"), "    "),
    ]
    return "\n".join(parts)


def rules_table(lang: str) -> str:
    """The Markdown table of every rule that docs/lint.md holds (a test keeps them equal)."""
    lines = [
        "| code | name | what | why it is slow, and the fix | drill | on |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for code, rule in RULES.items():
        drills = " / ".join(f"`{d}`" for d in dict.fromkeys((rule.torch_drill, rule.numpy_drill)))
        lines.append(
            f"| {code} | {rule.name} | {rule_words(code, 'title').text(lang)} | {_rule_text(code, lang)} | "
            f"{drills} | {'yes' if rule.default else 'no'} |"
        )
    return "\n".join(lines)


def _rule_text(code: str, lang: str) -> str:
    """The rule's why and fix, as its example's finding says them."""
    why, fix = _why_and_fix(_example(code))
    return f"{why.text(lang)}: {fix.text(lang)}"


def wrap(text: str, lang: str) -> str:
    """Wrap prose to 80 columns; Chinese, which has no spaces, is wrapped by display width."""
    if lang != "zh":
        return "\n".join(textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False))
    lines, current, width = [], "", 0
    for character in text:
        size = 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1
        if width + size > WIDTH:
            lines.append(current.rstrip())
            current, width = "", 0
        current += character
        width += size
    return "\n".join([*lines, current])


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("-"))


def _uri(path: str) -> str:
    return quote(path.replace("\\", "/"))


def _escaped(text: str) -> str:
    """A workflow command's message, escaped as GitHub's runner unescapes it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _escaped(text).replace(":", "%3A").replace(",", "%2C")
