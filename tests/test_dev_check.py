"""`vecdrill dev check` on a pack of broken drills (tests/broken_pack/, one mistake a drill): each
mistake is one sentence naming the file and the fix, the drill's own loop is blamed when it is at
fault, and one broken drill never hides the others or the summary line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness import REPO, copy_drill, edit, run_cli
from tests.test_chinese import english_prose
from vecdrill.authoring import dev_check
from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import load_drill
from vecdrill.errors import DrillError
from vecdrill.report import render

PACK = REPO / "tests" / "broken_pack"


# What `dev check` says of each broken drill's loop.py, in the order it reports them.
LOOP_PROBLEMS = {
    "dc-loop-endless": "the reference loop did not finish within 24 s; make sure it ends, and pick "
    "sizes (and a bench size) at which it takes seconds, not minutes",
    "dc-loop-list": "the reference loop returned a list; return a tensor, or a tuple of them",
    "dc-loop-raises": "the reference loop raised IndexError: index 10 is out of bounds for dimension 0 "
    "with size 3 (line 9) at size N=3; fix loop.py so it runs at every size in drill.toml",
    "dc-missing-input": "make_inputs returned no input 'x'; return every custom input declared in "
    "drill.toml (x)",
    "dc-wrong-dtype": "make_inputs returned 'x' as float64, but drill.toml declares dtype = "
    '"float32"; convert it, or fix the input\'s dtype in drill.toml',
    "dc-wrong-shape": "make_inputs returned 'x' with shape (4,) at size N=3, but drill.toml declares "
    'shape = ["N"], which is (3,) there; return that shape, or fix the input\'s shape in drill.toml',
}


@pytest.mark.slow
def test_every_broken_drill_is_one_sentence_and_the_summary_line_comes(tmp_path: Path) -> None:
    env = {"VECDRILL_HOME": str(tmp_path)}
    done = run_cli("dev", "check", str(PACK), "--no-bench", "--no-mutants", env=env, timeout=900)
    assert done.returncode == 3, done.stdout + done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines() == [
        *(f"problem: {PACK / drill / 'loop.py'}: {problem}" for drill, problem in LOOP_PROBLEMS.items()),
        "dev check: 7 drills, 6 problem(s)",
    ]


def test_a_drill_may_opt_out_of_timing_but_must_say_why(tmp_path: Path) -> None:
    folder = copy_drill(PACK / "dc-good", tmp_path)
    manifest = folder / "drill.toml"
    edit(manifest, "timeout = 2\n", "timeout = 2\nbenchmark = false\n")
    with pytest.raises(DrillError) as raised:
        load_drill(folder)
    assert str(raised.value) == (
        f'{manifest}: benchmark = false needs benchmark_reason = "..."; say why this drill is not timed'
    )
    edit(manifest, "benchmark = false\n", 'benchmark = false\nbenchmark_reason = "O(n^2)"\n')
    drill = load_drill(folder)
    assert (drill.benchmark, drill.benchmark_reason) == (False, "O(n^2)")


@pytest.mark.parametrize(
    ("loop_seconds", "warning"),
    [
        (0.1, None),  # 5 calibration loops: in range
        (
            0.02,
            "the loop takes 0.02 s at the benchmark size, 1.0 times the calibration loop (20 ms on this "
            "machine); pick a larger bench size, where it takes 2 to 100 times as long, or set benchmark "
            "= false with a benchmark_reason",
        ),
        (
            4.0,
            "the loop takes 4 s at the benchmark size, 200 times the calibration loop (20 ms on this "
            "machine); pick a smaller bench size, where it takes 2 to 100 times as long, or set benchmark "
            "= false with a benchmark_reason",
        ),
    ],
)
def test_the_bench_size_rule_is_relative_to_the_machine_and_only_warns(
    loop_seconds: float, warning: str | None
) -> None:
    found = dev_check.bench_size_warning("drill.toml", loop_seconds, 0.02)
    assert [(p.message, p.warning) for p in found] == ([(warning, True)] if warning else [])
    # a machine twice as fast halves both figures: the same verdict
    assert bool(dev_check.bench_size_warning("drill.toml", loop_seconds / 2, 0.01)) == bool(warning)


def test_warnings_are_shown_but_do_not_fail_the_pack(capsys: pytest.CaptureFixture[str]) -> None:
    render.dev_check(3, [], ["a/drill.toml: the loop takes 4 s"])
    assert capsys.readouterr().out == (
        "warning: a/drill.toml: the loop takes 4 s\ndev check: 3 drills, all good, 1 warning(s)\n"
    )


def test_the_summary_is_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    """Under --lang zh the labels, the notes and the summary line are Chinese; the problems quote
    drill.toml and the author's code, and stay English."""
    notes = dev_check.english_only_notes(load_catalogue([REPO / "tests" / "answers_pack"]))
    assert [note.text("en") for note in notes] == [
        'pack answers is English only (languages = ["en"] in its pack.toml): --lang zh shows its English '
        "text and says so"
    ]
    render.dev_check(3, ["a/loop.py: the loop raised"], ["a/drill.toml: the loop takes 4 s"], notes, "zh")
    problem, warning, note, summary = capsys.readouterr().out.splitlines()
    assert (problem, warning) == (
        "问题：a/loop.py: the loop raised",
        "警告：a/drill.toml: the loop takes 4 s",
    )
    assert summary == "dev check：3 道题，1 个问题，1 条警告"
    assert not english_prose(note), note
