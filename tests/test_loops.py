"""The static gate: golden cases from tests/gate_cases plus inputs too odd to keep as files.

Each case file opens with comment headers; `# expect:` is required, the others are optional:

    # expect: ok                      or   # expect: loop L001, forbidden F001
    # library: numpy                  (default torch)
    # function: relu_where            (default solve)
    # banned: torch.relu, torch.Tensor.relu
    # allowed-imports: scipy.special
    # loop-over: T                    (the drill allows a loop over T)

The expected pairs must equal the set of (kind, code) pairs the gate reports.
"""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from vecdrill.gate.scan import MAX_SOURCE_BYTES, Finding, GateRules, defined_functions, marker_drill_id, scan

CASES = Path(__file__).parent / "gate_cases"
CASE_FILES = sorted(CASES.glob("*.py"))
KINDS = {"S": "syntax", "L": "loop", "F": "forbidden"}
TORCH = GateRules(library="torch", function="solve")


def headers(source: bytes) -> dict[str, str]:
    """The `# key: value` comment lines at the top of a case file."""
    found: dict[str, str] = {}
    for raw in source.decode("latin-1").splitlines():
        if not raw.startswith("#"):
            break
        key, _, value = raw[1:].partition(":")
        found[key.strip()] = value.strip()
    return found


def listed(value: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in value.split(",") if item.strip())


def case_rules(head: dict[str, str]) -> GateRules:
    return GateRules(
        library=head.get("library", "torch"),
        function=head.get("function", "solve"),
        banned=listed(head.get("banned", "")),
        allowed_imports=listed(head.get("allowed-imports", "")),
        loop_over=head.get("loop-over"),
    )


def expected_pairs(head: dict[str, str]) -> set[tuple[str, str]]:
    expect = head["expect"]
    if expect == "ok":
        return set()
    pairs = {tuple(item.split()) for item in listed(expect)}
    assert all(len(pair) == 2 for pair in pairs), f"malformed expect header: {expect!r}"
    return {(kind, code) for kind, code in pairs}


# What a Chinese sentence may hold in Latin letters: code in backticks and a quoted error of Python's.
_QUOTED = re.compile(r"`[^`]*`|“[^”]*”")
_ENGLISH_PROSE = re.compile(r"[A-Za-z]{3,}(?: [A-Za-z]{3,}){2,}")


def assert_well_formed(findings: list[Finding]) -> None:
    assert findings == sorted(findings, key=lambda f: (f.line, f.col, f.code))
    assert len({(f.line, f.col, f.code) for f in findings}) == len(findings)
    for finding in findings:
        assert finding.kind == KINDS[finding.code[0]]
        assert finding.line >= 1 and finding.col >= 1
        english, chinese = finding.message.text("en"), finding.message.text("zh")
        assert "\n" not in english + chinese
        assert ": " in english and "：" in chinese, "a message says what was found, then what to do"
        assert not _ENGLISH_PROSE.search(_QUOTED.sub("", chinese)), f"English in {chinese!r}"


@pytest.mark.parametrize("path", CASE_FILES, ids=[path.stem for path in CASE_FILES])
def test_gate_case(path: Path) -> None:
    source = path.read_bytes()
    head = headers(source)
    findings = scan(source, case_rules(head))
    assert_well_formed(findings)
    got = {(finding.kind, finding.code) for finding in findings}
    assert got == expected_pairs(head), "\n".join(
        f"{f.line}:{f.col} {f.code} {f.message.text('en')}" for f in findings
    )


def test_case_folder_covers_passing_and_failing_files() -> None:
    expectations = [headers(path.read_bytes())["expect"] for path in CASE_FILES]
    assert len(expectations) >= 45
    assert expectations.count("ok") >= 10
    codes = {code for text in expectations for _, code in expected_pairs({"expect": text})}
    assert codes >= {f"L{n:03}" for n in range(1, 13)} | {f"F{n:03}" for n in range(1, 8)}


def test_utf7_cookie_loop_is_invisible_as_utf8_but_found() -> None:
    source = (CASES / "disguise_utf7_cookie.py").read_bytes()
    as_utf8 = ast.parse(source.decode("utf-8"))
    assert not any(isinstance(node, ast.For) for node in ast.walk(as_utf8))
    [finding] = scan(source, TORCH)
    assert (finding.code, finding.line, finding.col) == ("L001", 9, 5)


def test_a_file_over_the_size_limit_is_refused_before_parsing_and_one_at_it_is_scanned() -> None:
    body = b"def solve(x):\n    return x\n"
    oversized = body + b"# padding\n" * 30_000
    at_the_limit = body + b"#" * (MAX_SOURCE_BYTES - len(body))
    assert len(oversized) > MAX_SOURCE_BYTES == len(at_the_limit)
    [finding] = scan(oversized, TORCH)
    assert finding.code == "S001"
    assert str(len(oversized)) in finding.message.text("en")
    assert scan(at_the_limit, TORCH) == []


@pytest.mark.parametrize(
    "source",
    [
        b"x = " + b"(" * 2000 + b"1" + b")" * 2000 + b"\n",
        b"x = " + b"+".join([b"1"] * 100_000) + b"\n",
        b"x = " + b"-" * 100_000 + b"1\n",
        b"x = a" + b".b" * 50_000 + b"\n",
        b"x = f" + b"()" * 50_000 + b"\n",
        b"x = " + b"lambda: " * 30_000 + b"1\n",
        b"x = " + b"[" * 250 + b"]" * 250 + b"\n",
    ],
    ids=["parens", "sum-terms", "unary", "attributes", "calls", "lambdas", "lists"],
)
def test_pathological_nesting_becomes_a_syntax_finding(source: bytes) -> None:
    findings = scan(source + b"def solve(x):\n    return x\n", TORCH)
    assert findings, "deep input must never pass silently"
    assert findings[0].kind == "syntax"
    assert_well_formed(findings)


def test_syntax_error_reports_the_parsers_position_and_words() -> None:
    source = b"import torch\n\n\ndef solve(x)\n    return x\n"
    with pytest.raises(SyntaxError) as parsed:
        compile(source, "<solution>", "exec")
    [finding] = scan(source, TORCH)
    assert (finding.code, finding.line, finding.col) == ("S003", 4, parsed.value.offset)
    assert finding.line == parsed.value.lineno
    assert str(parsed.value.msg) in finding.message.text("en")
    assert f"语法错误 “{parsed.value.msg}”" in finding.message.text("zh")


@pytest.mark.parametrize(
    ("source", "rules", "found", "said"),
    [
        (b"import torch\n\ndef solve(x):\n    return x\x00 * 2\n", TORCH, ("S002", 4, 13), ""),
        (b"x = '\xff'\n", TORCH, ("S003",), ""),
        (b"# -*- coding: no-such-codec -*-\nx = 1\n", TORCH, ("S003",), ""),
        (b"\xef\xbb\xbf# coding: latin-1\n", TORCH, ("S003",), ""),
        (b"def solve(x):\n    return x + " + b"+".join([b"1"] * 100_000) + b"\n", TORCH, ("S004",), ""),
        (b"import torch\n", GateRules("torch", "gather_logits"), ("S005",), "def gather_logits("),
        (b"import torch\nif True:\n    def solve(x):\n        return x\n", TORCH, ("S005",), ""),
        (
            b"def solve(x):\n    return x\n\n\ndef solve(x):\n    return x + 1\n",
            TORCH,
            ("S006", 5, 1),
            "line 1",
        ),
    ],
    ids=[
        "null-byte-located",
        "bad-utf8",
        "unknown-codec",
        "bom-vs-cookie",
        "sum-of-many-terms-too-deep",
        "missing-function-names-what-to-define",
        "function-in-a-block-is-not-top-level",
        "second-definition-where-it-starts",
    ],
)
def test_a_source_that_is_no_solution_is_one_syntax_finding(
    source: bytes, rules: GateRules, found: tuple[str | int, ...], said: str
) -> None:
    """`found` is the finding's code, then its line and column where the case pins them down."""
    [finding] = scan(source, rules)
    assert_well_formed([finding])
    assert finding.kind == "syntax"
    assert (finding.code, finding.line, finding.col)[: len(found)] == found
    assert said in finding.message.text("en")


def test_lambda_assignment_is_asked_to_become_a_def() -> None:
    [finding] = scan(b"import torch\nsolve = lambda x: x * 2\n", TORCH)
    assert (finding.code, finding.line, finding.col) == ("S005", 2, 1)
    assert finding.message.text("en") == (
        "`solve` is written as a lambda: write it as `def solve(...): return ...` (one line too), "
        "the drill's function that vecdrill checks"
    )


def test_findings_are_sorted_by_position() -> None:
    source = (
        b"import os\n"
        b"def solve(x):\n"
        b"    y = [v for v in x]\n"
        b"    while False:\n"
        b"        pass\n"
        b"    return sum(y)\n"
    )
    findings = scan(source, TORCH)
    assert [(f.code, f.line) for f in findings] == [("F001", 1), ("L003", 3), ("L002", 4), ("L010", 6)]


def test_hints_follow_the_drills_library() -> None:
    source = b"def solve(x):\n    for v in x:\n        pass\n    return x\n"
    [for_torch] = scan(source, GateRules("torch", "solve"))
    [for_numpy] = scan(source, GateRules("numpy", "solve"))
    for lang in ("en", "zh"):
        torch_words, numpy_words = for_torch.message.text(lang), for_numpy.message.text(lang)
        assert "torch.where" in torch_words and "np.where" not in torch_words
        assert "np.where" in numpy_words and "torch.where" not in numpy_words


def test_element_conversions_are_loops_in_numpy_and_torch_drills_alike() -> None:
    for source, code in [
        (b"def solve(a):\n    return a.tolist()\n", "L011"),
        (b"def solve(a):\n    return list(a)\n", "L010"),
        (b"def solve(a):\n    return [v for v in a]\n", "L003"),
        (b"def solve(a):\n    for i in range(3):\n        s = a[i].item()\n    return a\n", "L011"),
    ]:
        for library in ("torch", "numpy"):
            assert code in {f.code for f in scan(source, GateRules(library, "solve"))}, (source, library)


@pytest.mark.parametrize(
    ("body", "codes"),
    [
        ("return sum(np.roll(a, s, axis=0) for s in (-1, 0, 1))", set()),
        ("return max([a.sum(), a.min()])", set()),
        ("return np.stack([a[..., c] * 2 for c in range(3)], -1)", set()),
        (
            "out = a * 0\n    for dx, dy in ((0, 1), (1, 0)):\n"
            "        out = out + np.roll(a, dx + dy)\n    return out",
            set(),
        ),
        ("return [a * w for w, _ in zip((1, 2), (3, 4))][0]", set()),
        # A name bound once to such a collection is the collection.
        ("shifts = (-1, 0, 1)\n    return sum(np.roll(a, s, axis=0) for s in shifts)", set()),
        # Several `for`s: their product, 9 here.
        ("return sum(np.roll(np.roll(a, i, 0), j, 1) for i in range(-1, 2) for j in range(-1, 2))", set()),
        # Over the drill's allowance (16 unless it says otherwise).
        ("return sum(a * k for k in range(17))", {"L004", "L010"}),
        # Nested `for`s whose product is over the allowance (5 x 5 > 16).
        ("return sum(a * i * j for i in range(5) for j in range(5))", {"L004", "L010"}),
        # Its contents change in the file: a list it grows, one item rewritten, a rebinding.
        ("rows = []\n    rows.append(a)\n    return [r * 2 for r in rows]", {"L003"}),
        ("rows = [a, a]\n    rows[0] = a * 2\n    return sum(r for r in rows)", {"L004", "L010"}),
        ("rows = (a, a)\n    rows = tuple(a)\n    return sum(r for r in rows)", {"L004", "L010"}),
    ],
)
def test_a_loop_over_a_written_small_collection_is_no_element_loop(body: str, codes: set[str]) -> None:
    source = f"import numpy as np\n\n\ndef solve(a):\n    {body}\n".encode()
    assert {f.code for f in scan(source, GateRules("numpy", "solve"))} == codes
    none_allowed = {f.kind for f in scan(source, GateRules("numpy", "solve", fixed_loops=0))}
    assert none_allowed == {"loop"}  # `fixed_loops = 0`: a drill that wants no loop at all


def test_allowed_imports_cover_submodules_but_not_lookalikes() -> None:
    rules = GateRules("numpy", "solve", allowed_imports=("scipy",))
    ok = b"import scipy.special\ndef solve(a):\n    return a\n"
    lookalike = b"import scipyx\ndef solve(a):\n    return a\n"
    assert scan(ok, rules) == []
    assert [f.code for f in scan(lookalike, rules)] == ["F001"]


def test_forbidden_import_message_names_the_module() -> None:
    [finding] = scan(b"import subprocess\ndef solve(x):\n    return x\n", TORCH)
    assert "`subprocess`" in finding.message.text("en") and "`subprocess`" in finding.message.text("zh")


def test_never_raises_on_mutated_files() -> None:
    generator = random.Random(20240607)
    seeds = [path.read_bytes() for path in CASE_FILES]
    for _ in range(400):
        source = bytearray(generator.choice(seeds))
        for _ in range(generator.randint(1, 6)):
            at = generator.randrange(len(source) + 1)
            action = generator.random()
            if action < 0.4:
                source[at:at] = bytes([generator.randrange(256)])
            elif action < 0.7:
                del source[at : at + generator.randint(1, 8)]
            else:
                source[at:at] = generator.choice(seeds)[: generator.randint(1, 40)]
        assert_well_formed(scan(bytes(source), TORCH))


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (b"# vecdrill: gather-logits\nimport torch\n", "gather-logits"),
        (b"#vecdrill:relu-where\n", "relu-where"),
        (b"#   vecdrill:   box-iou2   \r\nx = 1\n", "box-iou2"),
        (b"#!/usr/bin/env python3\n# vecdrill: gather-logits\n", "gather-logits"),
        (b"# -*- coding: utf-8 -*-\n# vecdrill: gather-logits\n", "gather-logits"),
        (b"\xef\xbb\xbf# vecdrill: gather-logits\n", "gather-logits"),
        (b"import torch\n# vecdrill: gather-logits\n", None),
        (b"#!/usr/bin/env python3\n\n# vecdrill: gather-logits\n", None),
        (b"# vecdrill: Gather-Logits\n", None),
        (b"# vecdrill: gather_logits\n", None),
        (b"# vecdrill: -gather\n", None),
        (b"# vecdrill: gather--logits\n", None),
        (b"# vecdrill: gather-logits extra\n", None),
        (b"    # vecdrill: gather-logits\n", None),
        (b"", None),
    ],
)
def test_marker_drill_id(source: bytes, expected: str | None) -> None:
    assert marker_drill_id(source) == expected


def test_defined_functions_lists_top_level_defs_only() -> None:
    source = (
        b"import torch\n"
        b"def solve(x):\n"
        b"    def inner(y):\n"
        b"        return y\n"
        b"    return inner(x)\n"
        b"async def later():\n"
        b"    pass\n"
        b"class Holder:\n"
        b"    def method(self):\n"
        b"        pass\n"
        b"helper = lambda t: t\n"
    )
    # a top-level lambda names its drill too, so the gate can ask for a def in a sentence of its own
    assert defined_functions(source) == {"solve", "later", "helper"}


@pytest.mark.parametrize("source", [b"def solve(x)\n", b"x\x00", b"#" * (MAX_SOURCE_BYTES + 1)])
def test_defined_functions_is_none_when_unparsable(source: bytes) -> None:
    assert defined_functions(source) is None


def test_gate_imports_neither_torch_nor_numpy() -> None:
    probe = (
        "import sys, vecdrill.gate.scan\n"
        "vecdrill.gate.scan.scan(b'import torch\\ndef solve(x):\\n    return x\\n',"
        " vecdrill.gate.scan.GateRules('torch', 'solve'))\n"
        "assert not {'torch', 'numpy'} & set(sys.modules), sorted(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True, cwd=Path(__file__).parent.parent, timeout=60)
