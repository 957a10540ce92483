"""A pack whose drills call each other, as a port of a public puzzle set (Tensor Puzzles) has them:
helpers, a size argument as an input, allow-lists and their words, one test per fix the port needed.

The fixture pack `tests/port_pack/` has three puzzles: `ones` (a size argument and nothing else),
`sum` (helper: ones) and `double-sum`, whose helper `sum` is named like the builtin. The tests that
check files copy it under pytest's temporary folder, where a teacher's pack under /tmp or a home
folder sits: the learner's sandbox shows such a pack's drill folder and nothing beside it.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from tests.harness import REPO, edit, run_cli, worker_request
from vecdrill import wire
from vecdrill.authoring.mutation import DrillScore
from vecdrill.authoring.rule_names import rule_problems
from vecdrill.checking import plan
from vecdrill.checking.pipeline import CheckOptions, check
from vecdrill.checking.submission import read_source
from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import RuleName, load_drill
from vecdrill.errors import DrillError
from vecdrill.gate.rules import GateRules
from vecdrill.gate.scan import scan
from vecdrill.result.model import Verdict
from vecdrill.sandbox import launch

PACK = REPO / "tests" / "port_pack"
HEAD = b"import torch\n\n\n"
TWICE = HEAD + b"def double_sum(a: torch.Tensor) -> torch.Tensor:\n    return sum(a) * 2\n"


def learner_file(folder: Path, name: str, source: bytes) -> Path:
    path = folder / name
    path.write_bytes(source)
    return path


@pytest.mark.slow
def test_a_helper_works_when_the_pack_sits_under_tmp(pack: Path, tmp_path: Path) -> None:
    """The learner's child reads the manifest in a box that may show its drill folder alone; it
    once looked for the helper's folder there, died before the solution ran, and blamed the set-up."""
    body = HEAD + b"def sum(a: torch.Tensor) -> torch.Tensor:\n    return a @ ones(a.shape[0])[:, None]\n"
    path = learner_file(tmp_path, "mine.py", body)
    done = run_cli("check", str(path), "--drill", "sum", "--drills", str(pack), "--no-bench")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[0] == (
        f"PASS {path} (sum): your solution matches the loop on every case and is vectorized"
    )


@pytest.mark.slow
def test_a_helper_named_like_a_builtin_is_called_as_the_helper(pack: Path, tmp_path: Path) -> None:
    path = learner_file(tmp_path, "twice.py", TWICE)
    done = run_cli("check", str(path), "--drills", str(pack), "--no-bench")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"PASS {path} (double-sum)")


def test_the_gate_lets_a_builtin_named_helper_through_and_still_refuses_the_builtin_elsewhere() -> None:
    rules = GateRules.for_drill(load_drill(PACK / "double-sum"))
    assert scan(TWICE, rules) == []
    others = dataclasses.replace(rules, helpers=())  # the same call where `sum` is no helper
    assert {f.code for f in scan(TWICE, others)} >= {"L010", "F010"}


@pytest.mark.slow
def test_dev_check_of_the_ported_pack_is_all_good(pack: Path) -> None:
    done = run_cli("dev", "check", str(pack), "--no-mutants", "--no-bench")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "dev check: 3 drills, all good"


def test_a_missing_helper_is_a_broken_drill_even_when_the_drill_was_cached(pack: Path) -> None:
    assert "sum" in load_catalogue([pack]).drills  # read once: the drill is cached now
    shutil.rmtree(pack / "ones")
    catalogue = load_catalogue([pack])
    assert "sum" not in catalogue.drills
    assert [(p.where, p.problem) for p in catalogue.problems_under([pack])] == [
        (
            str(pack / "sum" / "drill.toml"),
            f"helpers lists 'ones', which is not a drill of this pack (no {pack / 'ones' / 'solution.py'}); "
            "use the id of an earlier drill",
        )
    ]


@pytest.mark.slow
def test_a_helper_cycle_is_told_once_for_each_drill_that_closes_it(pack: Path) -> None:
    edit(pack / "ones" / "drill.toml", "benchmark = false\n", 'benchmark = false\nhelpers = ["sum"]\n')
    done = run_cli("dev", "check", str(pack), "--no-mutants", "--no-bench")
    assert done.returncode == 3
    assert sorted(line for line in done.stdout.splitlines() if "cycle" in line) == [
        f"problem: {pack / 'ones' / 'drill.toml'}: helpers form a cycle (sum -> ones -> sum); "
        "a helper must be an earlier drill",
        f"problem: {pack / 'sum' / 'drill.toml'}: helpers form a cycle (ones -> sum -> ones); "
        "a helper must be an earlier drill",
    ]


def test_a_size_argument_needs_no_shape_or_dtype_but_a_tensor_input_does(pack: Path) -> None:
    (size,) = load_drill(pack / "ones").inputs
    assert (size.kind, size.shape, size.dtype) == ("dim", (), "int64")
    edit(pack / "sum" / "drill.toml", 'dtype = "int64"\n', "")
    with pytest.raises(DrillError, match=r"the required key 'inputs\[0\].dtype' is missing; add it"):
        load_drill(pack / "sum")


def test_dev_check_words_allow_list_entries_truly() -> None:
    """`max(1, n - 1)` passes the gate only when `max` is listed, so listing it has an effect;
    a puzzle text's bare `arange` means torch's; metadata is usable everywhere."""
    drill = load_drill(PACK / "ones")
    entries = ("max", "tuple", "range", "arange", "shape")
    listed = dataclasses.replace(drill, allowed=tuple(RuleName(name) for name in entries))
    banned = dataclasses.replace(drill, banned=(RuleName("max"), RuleName("cumsum")))
    problems = rule_problems(listed) + rule_problems(banned)
    assert {where for where, _ in problems} == {str(PACK / "ones" / "drill.toml")}
    assert [sentence for _, sentence in problems] == [
        "allowed name 'range' has no effect: the gate refuses it as a loop or an escape in every drill",
        "allowed name 'arange' does not exist; did you mean 'torch.arange'? (write the full module path)",
        "allowed name 'shape' has no effect: a tensor's shape, dtype, device and ndim are usable in "
        "every drill",
        "banned name 'cumsum' does not exist; did you mean 'torch.cumsum'? (write the full module path)",
    ]
    source = HEAD + b"def ones(i):\n    return torch.arange(i) * 0 + max(1, i) // max(1, i)\n"
    unlisted = dataclasses.replace(
        GateRules.for_drill(drill), allowed=frozenset({"torch.arange", "*", "+", "//"})
    )
    assert [f.code for f in scan(source, unlisted)] == ["F010", "F010"]
    assert scan(source, dataclasses.replace(unlisted, allowed=unlisted.allowed | {"max"})) == []


def test_a_score_line_counts_one_mutant_in_the_singular() -> None:
    line = DrillScore(load_drill(PACK / "ones"), mutants=1, killed=1, seconds=0.5).line().text("en")
    assert line.startswith(
        "ones: weakly tested: only 1 non-equivalent mutant (1 killed, 0 equivalent, 1 in all)"
    )


def test_a_loop_under_an_allow_list_is_told_as_a_loop(tmp_path: Path) -> None:
    """A comprehension calls what the allow-list lacks (torch.tensor) on the way; the lesson is
    the loop, so that is the verdict, and the allow-list's finding comes after it."""
    body = HEAD + b"def ones(i: int) -> torch.Tensor:\n    return torch.tensor([1 for _ in range(i)])\n"
    mine = read_source(learner_file(tmp_path, "ones.py", body))
    result = check(mine, load_catalogue([PACK]), CheckOptions("ones"))
    assert result.verdict is Verdict.LOOP, result.message
    assert "F010" in {finding.code for finding in result.findings}


@pytest.mark.slow
def test_an_error_names_the_case_it_happened_on(tmp_path: Path) -> None:
    body = (
        HEAD
        + b"def ones(i: int) -> torch.Tensor:\n"
        + b"    return torch.arange(i)[0] * 0 + (torch.arange(i) >= 0) * 1\n"
    )
    path = learner_file(tmp_path, "ones.py", body)
    result = check(read_source(path), load_catalogue([PACK]), CheckOptions("ones", device="cpu", bench=False))
    assert result.verdict is Verdict.ERROR
    said = result.message.text("en")
    assert said.startswith("your solution raised IndexError"), said
    assert said.endswith("(listed size 1, size I=0; replay with --seed 1234)"), said


@pytest.mark.slow
def test_a_batch_with_a_file_of_no_drill_stops_before_checking_any(
    pack: Path, tmp_path: Path, vecdrill_home: Path
) -> None:
    good = learner_file(tmp_path, "good.py", (PACK / "ones" / "solution.py").read_bytes())
    stray = learner_file(tmp_path, "stray.py", b"def something_else(x):\n    return x\n")
    done = run_cli(
        "check", *map(str, (good, good, stray)), "--drills", str(pack), "--no-bench", "--jobs", "2"
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"cannot tell which drill {stray} is for" in done.stderr
    assert not (vecdrill_home / "data" / "progress.json").exists()  # the good file was never checked either


@pytest.mark.slow
def test_the_child_checks_the_drill_it_is_given_and_reads_no_drill_file(pack: Path) -> None:
    """The parent reads and validates the drill and sends it with its loop: the solution's child
    opens no drill file, so breaking the folder after the parent read it changes nothing."""
    drill = load_drill(pack / "ones")
    cases = plan.build_cases(drill, ["cpu"], plan.DEFAULT_SEED)[:1]
    request = worker_request(
        drill,
        source=(PACK / "ones" / "solution.py").read_bytes(),
        cases=[wire.CaseRequest(**case.as_request()) for case in cases],
    )
    for name in ("drill.toml", "loop.py", "solution.py"):
        (pack / "ones" / name).write_text("this is not a drill file\n")
    run = launch.run_sandboxed(
        launch.RunRequest(
            wire.WORKER_ARGS,
            wire.encode_request(request),
            launch.Limits(wall_seconds=30),
            launch.detect_isolation(None),
        )
    )
    header, _ = wire.decode_result(run.result or b"")
    assert header.status == "ok", header.message
    assert [record["id"] for record in header.cases] == [cases[0].id]
