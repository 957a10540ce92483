"""Per-drill rules: bans with reasons, an allow-list enforced by the gate and at run time, limits on
the function body, helper drills, the names dev check validates, and what `vecdrill show` lists.

The fixture pack `tests/rules_course/` has two drills: `rx-ones` and `rx-running-sum`, which may use
only arange, `<=`, `*`, `@`, indexing and `rx_ones` (the helper), in one line.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from tests.harness import REPO, run_cli
from vecdrill.authoring.rule_names import rule_problems
from vecdrill.checking.pipeline import CheckOptions, check_past_gate
from vecdrill.checking.submission import Source
from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import RuleName, load_drill
from vecdrill.content.drill_code import helper_sources
from vecdrill.gate.rules import GateRules
from vecdrill.gate.scan import scan
from vecdrill.result.model import Verdict

PACK = REPO / "tests" / "rules_course"
PUZZLES = REPO / "drills" / "puzzles"
FILES = Path("tests") / "rules_files"
RUNNING = "rx-running-sum"
STAR_REASON = "use only arange, <=, *, @, indexing and rx_ones"
STAR_REASON_ZH = "只能用 arange、<=、*、@、索引和 rx_ones"
RUNNING_RULES = GateRules.for_drill(load_drill(PACK / RUNNING))


def check(name: str, *extra: str) -> tuple[int, str]:
    done = run_cli(
        "check", str(FILES / name), "--drill", RUNNING, "--drills", str(PACK), "--no-bench", *extra
    )
    return done.returncode, done.stdout.splitlines()[0] if done.stdout else done.stderr


@pytest.mark.slow
def test_a_solution_calling_an_earlier_drills_function_passes_with_its_reference() -> None:
    code, first = check("running_sum_helper.py")
    assert code == 0, first
    assert first.startswith(f"PASS {FILES / 'running_sum_helper.py'} ({RUNNING})")


def test_a_ban_with_a_reason_says_the_reason_in_chinese_too() -> None:
    path = FILES / "running_sum_cumsum.py"
    assert check("running_sum_cumsum.py", "--lang", "zh") == (
        1,
        f"禁用 {path}（{RUNNING}）：{path}:5:12 本题禁用 `torch.cumsum`：前缀和正是你要构造的",
    )


def test_the_gate_says_a_rule_reason_in_the_readers_language_and_an_english_only_one_in_english() -> None:
    source = b"import torch\ndef rx_running_sum(a):\n    return torch.cumsum(a, 0) - a\n"
    [banned, minus] = scan(source, RUNNING_RULES)
    assert banned.message.text("zh") == "本题禁用 `torch.cumsum`：前缀和正是你要构造的"
    assert minus.message.text("zh") == f"运算符 `-` 不在本题允许使用的清单上：{STAR_REASON_ZH}"
    english_only = dataclasses.replace(RUNNING_RULES, reasons=(RuleName("torch.cumsum", "no cumsum here"),))
    [banned, _] = scan(source, english_only)
    assert banned.message.text("zh") == "本题禁用 `torch.cumsum`：no cumsum here"
    assert banned.message.text("en") == "`torch.cumsum` is banned in this drill: no cumsum here"


@pytest.mark.parametrize(
    ("name", "place", "said"),
    [
        (
            "running_sum_cumsum.py",
            "5:12",
            "`torch.cumsum` is banned in this drill: the running sum is what you are building",
        ),
        (
            "running_sum_method.py",
            "5:12",
            f"`.sum` is not on this drill's list of what a solution may use: {STAR_REASON}",
        ),
        (  # the docstring does not count
            "running_sum_two_lines.py",
            "6:1",
            "the body of `rx_running_sum` has 2 lines of code, over this drill's limit of 1: "
            "combine the steps into fewer lines",
        ),
    ],
    ids=["a-ban-with-a-reason", "a-method-off-the-allow-list", "a-body-over-the-line-limit"],
)
def test_a_rule_broken_is_forbidden_with_its_reason(name: str, place: str, said: str) -> None:
    path = FILES / name
    assert check(name) == (1, f"FORBIDDEN {path} ({RUNNING}): {path}:{place} {said}")


@pytest.mark.slow
def test_a_disallowed_op_is_caught_statically_and_disguised_at_run_time() -> None:
    """`getattr(torch, "cum" + "sum")` names nothing the gate can read; the check past the gate
    (as the bad-input corpus runs it) still sees aten.cumsum reach torch, on line 5."""
    drill = load_catalogue([PACK]).drills[RUNNING]
    disguised = REPO / FILES / "running_sum_disguised.py"
    rules = GateRules.for_drill(drill)
    written = b"import torch\ndef rx_running_sum(a):\n    return a.cumsum(0)\n"
    assert [f.code for f in scan(written, rules)] == ["F007"]
    result = check_past_gate(
        Source(disguised, disguised.read_bytes()), drill, CheckOptions(drill_id=RUNNING, bench=False)
    )
    assert result.verdict is Verdict.FORBIDDEN
    assert result.message.text("en") == (
        f"{disguised}:5 your solution ran `aten.cumsum`, an operation none of the names this drill "
        "allows makes (vecdrill watches what reaches torch, so a computed name does not hide it): "
        f"{STAR_REASON}"
    )


@pytest.mark.slow
def test_an_operation_off_the_allow_list_at_run_time_is_said_in_both_languages() -> None:
    """`torch.arange` of a 0-dim tensor passes the gate, but reads the tensor's value (aten's
    `_local_scalar_dense`), which no allowed name makes."""
    path = FILES / "running_sum_computed_size.py"
    head = f"{path} ({RUNNING}): {path}:5 "
    assert check("running_sum_computed_size.py") == (
        1,
        f"FORBIDDEN {head}your solution ran `aten._local_scalar_dense`, an operation none of the names "
        "this drill allows makes (vecdrill watches what reaches torch, so a computed name does not hide it): "
        f"{STAR_REASON}",
    )
    assert check("running_sum_computed_size.py", "--lang", "zh") == (
        1,
        f"禁用 {path}（{RUNNING}）：{path}:5 "
        "你的解法执行了 `aten._local_scalar_dense`，本题允许使用的名字都不会产生这个运算"
        f"（vecdrill 监视实际到达 torch 的运算，用算出来的名字也藏不住）：{STAR_REASON_ZH}",
    )


def test_the_allow_list_keeps_inputs_helpers_annotations_metadata_and_dtypes_usable() -> None:
    source = (
        b"import torch\nfrom typing import Any\n\n\n"
        b"def rx_running_sum(a: torch.Tensor) -> tuple[int, ...]:\n"
        b"    return a @ ((torch.arange(a.shape[0], device=a.device, dtype=torch.int64)[:, None]"
        b" <= torch.arange(a.shape[0])) * rx_ones(a))\n"
    )
    assert scan(source, dataclasses.replace(RUNNING_RULES, max_columns=None)) == []
    [finding] = scan(source, RUNNING_RULES)
    assert (finding.code, finding.line, finding.col) == ("F012", 6, 101)
    assert finding.message.text("en") == (
        "line 6 is 129 characters wide, over this drill's limit of 100: "
        "shorten it (shorter names, or a helper drill's function)"
    )


def test_operators_and_builtins_off_the_list_are_named() -> None:
    source = b"import torch\ndef rx_running_sum(a):\n    return a - len(a)\n"
    messages = [f.message.text("en") for f in scan(source, RUNNING_RULES)]
    assert messages == [
        f"the operator `-` is not on this drill's list of what a solution may use: {STAR_REASON}",
        f"the builtin `len` is not on this drill's list of what a solution may use: {STAR_REASON}",
    ]


def test_dev_check_names_every_misspelled_or_meaningless_rule_name(tmp_path: Path) -> None:
    shutil.copytree(PACK, tmp_path / "pack")
    manifest = tmp_path / "pack" / RUNNING / "drill.toml"
    text = manifest.read_text(encoding="utf-8")
    text = text.replace('"torch.Tensor.cumsum",', '"torhc.cumsum", "abs", "len", "np.flip",')
    text = text.replace('"torch.arange", "@"', '"torch.arange", "torch.Tensor.sum", "range", "lenn", "@"')
    manifest.write_text(text, encoding="utf-8")
    found = rule_problems(load_drill(manifest.parent))
    assert {where for where, _ in found} == {str(manifest)}
    assert [message for _, message in found] == [
        "banned name 'torhc.cumsum' does not exist; did you mean 'torch.cumsum'?",
        "banned name 'abs' stops only abs(x); ban 'torch.abs' and 'torch.Tensor.abs' as well, "
        "which compute the same",
        "banned name 'len' has no effect on what a solution computes (it does no tensor work); remove it",
        "banned name 'np.flip' does not exist; did you mean 'numpy.flip'? (write the full module path)",
        "allowed name 'torch.Tensor.sum': write methods and attributes as 'Tensor.sum' in an allow-list",
        "allowed name 'range' has no effect: the gate refuses it as a loop or an escape in every drill",
        "allowed name 'lenn' does not exist; did you mean 'len'?",
    ]


def test_every_built_in_drills_rule_names_exist() -> None:
    folders = sorted(p.parent for p in (REPO / "drills").glob("*/*/drill.toml"))
    assert folders
    assert [problem for folder in folders for problem in rule_problems(load_drill(folder))] == []


def test_show_lists_the_rules_with_their_reasons_the_value_ranges_and_the_sizes() -> None:
    english = run_cli("show", RUNNING, "--drills", str(PACK)).stdout.splitlines()
    assert "  a: float32 (N), uniform floats in [-2, 2)" in english
    assert "Checked at sizes: N=1; N=5; N=40" in english
    rules = english[english.index("Rules") + 1 : english.index("Rules") + 8]
    assert rules == [
        "  banned torch.cumsum: the running sum is what you are building",
        "  banned torch.Tensor.cumsum",
        "  allowed, and nothing else: torch.arange, @, *, <=, []",
        f"    why anything else: {STAR_REASON}",
        "  at most 1 line of code in the body",
        "  lines at most 100 characters wide",
        "  you may call the reference solutions of: rx_ones() (rx-ones)",
    ]
    chinese = run_cli("show", RUNNING, "--drills", str(PACK), "--lang", "zh").stdout
    assert "  禁用 torch.cumsum：前缀和正是你要构造的" in chinese
    assert f"    其他一切：{STAR_REASON_ZH}" in chinese


def test_a_manifest_rule_mistake_is_one_sentence(tmp_path: Path) -> None:
    shutil.copytree(PACK, tmp_path / "pack")
    manifest = tmp_path / "pack" / RUNNING / "drill.toml"
    text = manifest.read_text(encoding="utf-8").replace('helpers = ["rx-ones"]', 'helpers = ["rx-twos"]')
    manifest.write_text(text, encoding="utf-8")
    done = run_cli("show", RUNNING, "--drills", str(tmp_path / "pack"))
    assert done.returncode != 0
    assert (
        f"helpers lists 'rx-twos', which is not a drill of this pack "
        f"(no {tmp_path / 'pack' / 'rx-twos' / 'solution.py'}); use the id of an earlier drill"
    ) in done.stderr


@pytest.mark.slow
def test_a_starter_under_an_allow_list_reaches_the_run_and_says_not_implemented() -> None:
    starter = PACK / "rx-ones" / "starter.py"
    done = run_cli("check", str(starter), "--drill", "rx-ones", "--drills", str(PACK), "--no-bench")
    assert done.returncode == 1
    assert done.stdout.splitlines()[0] == (
        f"ERROR {starter} (rx-ones): your solution raised NotImplementedError: write rx_ones"
    )


def test_raising_an_error_and_wording_it_need_no_entry_on_the_list() -> None:
    source = (
        b"import torch\n\n\ndef rx_running_sum(a):\n"
        b'    """Docstrings, raise and return are not computation."""\n'
        b'    raise ValueError(f"no {a.shape}" % ())\n'
    )
    message = b"write rx_running_sum: one line, at most 100 characters wide, using only what it allows"
    assert scan(source + b'    raise NotImplementedError("' + message + b'")\n', RUNNING_RULES) == []


@pytest.mark.parametrize("expression", ['("%s" % a == "")', '(f"{a}" == "")', '(b"%d" % 1 == b"")'])
def test_string_formatting_is_never_on_an_allow_list_even_with_percent_listed(expression: str) -> None:
    """Formatting a tensor computes on its values where the run-time op watch cannot see (torch's
    printing turns dispatch modes off), so it is judged here, as what it is."""
    rules = dataclasses.replace(RUNNING_RULES, allowed=frozenset({"*", "%"}))
    source = f"def rx_running_sum(a):\n    return a * {expression}\n".encode()
    assert [(f.code, f.message.text("en").split(" is not")[0]) for f in scan(source, rules)] == [
        ("F010", "string formatting")
    ]


def test_a_chain_off_the_list_names_the_call_python_makes_first() -> None:
    source = b"def rx_running_sum(a):\n    return a.max(0, keepdim=True).values\n"
    assert [f.message.text("en").split(" is not")[0] for f in scan(source, RUNNING_RULES)] == ["`.max`"]


def test_an_earlier_drills_function_that_is_not_a_helper_is_named_with_its_drill() -> None:
    sign = GateRules.for_drill(load_drill(PUZZLES / "puzzle-sign"))
    source = b"def puzzle_sign(x):\n    return puzzle_abs_value(x) / x\n"
    [found] = scan(source, dataclasses.replace(sign, max_columns=None))
    assert (found.code, found.line, found.col, found.kind) == ("F013", 2, 12, "forbidden")
    assert found.message.text("en") == (
        "`puzzle_abs_value` is the function of drill puzzle-abs-value, which is not a helper of this "
        "drill (it has no helpers): build that step here from what the drill allows"
    )
    even = GateRules.for_drill(load_drill(PUZZLES / "puzzle-even-positions"))
    source = b"def puzzle_even_positions(x):\n    return puzzle_sign(x) * puzzle_positions(x)\n"
    assert [f.message.text("en").split(": ")[0] for f in scan(source, even) if f.code == "F013"] == [
        "`puzzle_sign` is the function of drill puzzle-sign, which is not a helper of this drill "
        "(its helpers are `puzzle_positions`)"
    ]
    defined = (
        b"def puzzle_abs_value(x):\n    return x\n\n\ndef puzzle_sign(x):\n    return puzzle_abs_value(x)\n"
    )
    assert [f.code for f in scan(defined, sign)] == []


def test_the_request_carries_every_helpers_source_in_order_and_never_the_drills_own() -> None:
    drill = load_drill(PUZZLES / "puzzle-first-argmax")  # its helpers have helpers of their own
    sent = helper_sources(drill)
    assert [(h.function, h.helpers) for h in sent] == [
        ("puzzle_positions", []),
        ("puzzle_ones_sum", ["puzzle_positions"]),
        ("puzzle_cumsum_triangular", ["puzzle_positions"]),
        ("puzzle_running_count", ["puzzle_cumsum_triangular"]),
        ("puzzle_rank_by_counting", ["puzzle_ones_sum"]),
        ("puzzle_row_max_mask", ["puzzle_rank_by_counting"]),
    ]
    for helper in sent:
        assert helper.source == Path(helper.filename).read_bytes()
        assert Path(helper.filename).parent != drill.folder


@pytest.mark.slow
def test_one_batch_checks_a_drill_and_a_drill_it_helps_each_with_the_helpers_reference() -> None:
    """One warm pool hides every drill's solution.py behind its starter; the helper's reference
    reaches the child in the request, so rx-running-sum still calls the real rx_ones."""
    ones, running = PACK / "rx-ones" / "solution.py", FILES / "running_sum_helper.py"
    done = run_cli("check", str(ones), str(running), "--drills", str(PACK), "--no-bench", "--json")
    verdicts = [(r["drill"], r["verdict"], r["message"]) for r in json.loads(done.stdout)["results"]]
    assert [v[:2] for v in verdicts] == [("rx-ones", "pass"), (RUNNING, "pass")], verdicts
