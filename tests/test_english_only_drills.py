"""A drill in English only, as a teacher's own pack has them, and its translation: shown, checked and
dev-checked in both languages, one test per fix a teacher's port of a puzzle set needed.

The fixture pack `tests/teacher_pack/` has one English-only puzzle, `mask-lengths`: no [zh] table,
no explain.zh.md, no `bench` (it is never timed), and sequence lengths from 0 to T inclusive.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.harness import REPO, edit, run_cli
from vecdrill.child.inputs import make_inputs
from vecdrill.content.drill import NO_CHINESE, load_drill
from vecdrill.errors import DrillError

PACK = REPO / "tests" / "teacher_pack"
DRILL = PACK / "mask-lengths"
# Right wherever a length is below T, wrong where a row has no padding (a length of T itself).
CLAMPED = (
    "import torch\n\n\n"
    "def mask_lengths(lengths: torch.Tensor, t: int) -> torch.Tensor:\n"
    "    return torch.arange(t, device=lengths.device) < lengths[:, None].clamp(max=t - 1)\n"
)


def broken(folder: Path) -> str:
    with pytest.raises(DrillError) as caught:
        load_drill(folder)
    return caught.value.problem


def test_an_english_only_untimed_drill_loads() -> None:
    drill = load_drill(DRILL)
    assert drill.zh is None
    assert not (DRILL / "explain.zh.md").exists()
    assert drill.bench == {"B": 32, "T": 16}  # none given: the largest listed size, never timed
    assert (drill.title_in("zh"), drill.hints_in("zh")) == (drill.title, drill.hints)
    assert drill.untranslated("zh") and not drill.untranslated("en")


def test_show_in_chinese_shows_the_english_text_says_so_once_and_lists_no_benchmark_size() -> None:
    done = run_cli("show", "mask-lengths", "--lang", "zh", "--drills", str(PACK))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(NO_CHINESE) == 1
    assert done.stdout.splitlines()[0] == NO_CHINESE
    assert "Mask the padding after each length" in done.stdout
    assert "lengths：int64 (B)，[0, T] 内的整数" in done.stdout  # the view's own words in Chinese
    assert "禁用 torch.nn.utils.rnn.pad_sequence：the puzzle is to build the mask yourself" in done.stdout
    assert "基准规模" not in done.stdout
    english = run_cli("show", "mask-lengths", "--drills", str(PACK), env={"VECDRILL_LANG": "en"})
    assert english.returncode == 0 and NO_CHINESE not in english.stdout


def test_hints_and_the_solution_in_chinese_fall_back_to_english() -> None:
    hint = run_cli("hint", "mask-lengths", "--lang", "zh", "--drills", str(PACK))
    assert hint.returncode == 0, hint.stderr
    lines = hint.stdout.splitlines()
    assert lines[0] == NO_CHINESE and hint.stdout.count(NO_CHINESE) == 1
    assert (
        lines[1] == f"提示 1/2：{load_drill(DRILL).hints[0]}"
    )  # vecdrill's words in Chinese, the drill's English
    shown = run_cli("solution", "mask-lengths", "--yes", "--lang", "zh", "--drills", str(PACK))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.count(NO_CHINESE) == 1
    assert "## Why the loop is slow" in shown.stdout


@pytest.mark.slow
def test_dev_check_warns_once_about_an_english_only_drill_and_passes() -> None:
    done = run_cli("dev", "check", str(PACK), "--no-bench", "--no-mutants")
    assert done.returncode == 0, done.stdout + done.stderr
    assert [line for line in done.stdout.splitlines() if line.startswith(("warning:", "problem:"))] == [
        f"warning: {DRILL}: has no Chinese text (no [zh] table in drill.toml, no explain.zh.md), so "
        "--lang zh shows it in English"
    ]


ZH = (
    '\n[zh]\ntitle = "遮住长度之后的填充"\ntask = "返回 mask[b, j] = j < lengths[b]。"\n'
    + 'hints = ["一", "二"]\n'
)
EXPLAIN_ZH = "# 遮住填充\n\n" + "".join(f"## 第{n}节\n{'逐行比较长度与位置。' * 12}\n\n" for n in range(4))
REASON = 'reason = "the puzzle is to build the mask yourself"'


def translate(folder: Path, *, table: bool = True, explanation: bool = True, reason: bool = True) -> None:
    """Give the drill the parts of a Chinese translation named true."""
    if explanation:
        (folder / "explain.zh.md").write_text(EXPLAIN_ZH, encoding="utf-8")
    if table:
        edit(folder / "drill.toml", '\n[[inputs]]\nname = "lengths"', ZH + '\n[[inputs]]\nname = "lengths"')
    if reason:
        edit(folder / "drill.toml", REASON, REASON + ', reason_zh = "这道题要你自己构造掩码"')


@pytest.mark.slow
def test_a_whole_translation_is_shown_in_chinese_and_passes_without_a_warning(pack: Path) -> None:
    folder = pack / "mask-lengths"
    translate(folder)
    shown = run_cli("show", "mask-lengths", "--lang", "zh", "--drills", str(pack))
    assert shown.returncode == 0, shown.stderr
    assert "遮住长度之后的填充" in shown.stdout and NO_CHINESE not in shown.stdout
    done = run_cli("dev", "check", str(pack), "--no-bench", "--no-mutants")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "dev check: 1 drills, all good"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("half", "where", "sentence"),
    [
        (
            "[zh] without explain.zh.md",
            "explain.zh.md",
            "is missing, but drill.toml has a [zh] table; write the explanation in Chinese, or remove "
            "[zh] to keep the drill English only",
        ),
        (
            "explain.zh.md without [zh]",
            "drill.toml",
            "has no [zh] table, but the drill has an explain.zh.md; add [zh] with the title, task and "
            "hints in Chinese, or remove explain.zh.md to keep the drill English only",
        ),
        (
            "three Chinese hints for two English ones",
            "drill.toml",
            "zh.hints has 3 steps but hints has 2; give each hint step its Chinese translation",
        ),
    ],
)
def test_a_half_translation_is_a_problem(pack: Path, half: str, where: str, sentence: str) -> None:
    folder = pack / "mask-lengths"
    no_table = half == "explain.zh.md without [zh]"
    translate(
        folder, table=not no_table, explanation=half != "[zh] without explain.zh.md", reason=not no_table
    )
    if half.startswith("three"):
        edit(folder / "drill.toml", 'hints = ["一", "二"]', 'hints = ["一", "二", "三"]')
    done = run_cli("dev", "check", str(pack), "--no-bench", "--no-mutants")
    problems = [line for line in done.stdout.splitlines() if line.startswith("problem:")]
    assert done.returncode == 3, done.stdout + done.stderr
    assert problems == [f"problem: {folder / where}: {sentence}"]


def test_a_rule_reason_needs_its_chinese_twin_only_in_a_drill_with_chinese_text(pack: Path) -> None:
    folder = pack / "mask-lengths"
    assert load_drill(folder).banned[0].reason_zh is None
    translate(folder, reason=False)
    assert broken(folder) == "banned[0] gives a reason in one language only; give both"


def test_bench_is_still_required_for_a_timed_drill_and_then_shown(pack: Path) -> None:
    folder = pack / "mask-lengths"
    edit(
        folder / "drill.toml",
        'benchmark = false\nbenchmark_reason = "a puzzle about an idea, not a race"\n',
        "",
    )
    assert broken(folder) == (
        "the required key 'bench' is missing; add the size the check times, or set benchmark = false "
        'with benchmark_reason = "..." for a drill that is never timed'
    )
    edit(folder / "drill.toml", "hints = [", "bench = { B = 4096, T = 64 }\nhints = [")
    assert load_drill(folder).bench == {"B": 4096, "T": 64}
    shown = run_cli("show", "mask-lengths", "--drills", str(pack), env={"VECDRILL_LANG": "en"})
    assert shown.returncode == 0, shown.stderr
    assert "Benchmark size: B=4096, T=64" in shown.stdout


def test_an_inclusive_index_reaches_the_size_and_its_largest_edge_is_the_size() -> None:
    drill = load_drill(DRILL)
    exclusive = replace(drill, inputs=(replace(drill.inputs[0], inclusive=False), drill.inputs[1]))
    size = {"B": 4096, "T": 5}
    for spec, top in ((drill, 5), (exclusive, 4)):
        drawn = make_inputs(spec, size, 1)["lengths"]
        assert (int(drawn.min()), int(drawn.max())) == (0, top)
        assert make_inputs(spec, size, 1, edge="lengths:last")["lengths"].unique().tolist() == [top]
        assert make_inputs(spec, size, 1, edge="lengths:first")["lengths"].unique().tolist() == [0]


@pytest.mark.slow
def test_a_solution_wrong_only_on_full_rows_fails_with_the_inclusive_bound(
    pack: Path, tmp_path: Path
) -> None:
    """The teacher's puzzle: lengths up to T, where a row has no padding. With the old exclusive
    bound no case ever drew such a row, and this solution passed."""
    path = tmp_path / "mine.py"
    path.write_text(CLAMPED, encoding="utf-8")
    args = ("check", str(path), "--drill", "mask-lengths", "--drills", str(pack), "--no-bench")
    caught = run_cli(*args)
    assert caught.returncode == 1, caught.stdout + caught.stderr
    assert caught.stdout.startswith(f"WRONG {path} (mask-lengths): cpu: result differs from the loop")
    edit(pack / "mask-lengths" / "drill.toml", "inclusive = true\n", "")
    missed = run_cli(*args)
    assert missed.returncode == 0, missed.stdout + missed.stderr


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (
            ('kind = "dim"\n', 'kind = "dim"\ninclusive = true\n'),
            """input 't' (kind = "dim") sets inclusive, which only inputs of kind "index" use; """
            "remove it, or change the kind",
        ),
        (
            ('kind = "dim"\n', 'kind = "dim"\nlow = 2\n'),
            """input 't' (kind = "dim") sets low, which only inputs of kind "uniform" or "int" use; """
            "remove it, or change the kind",
        ),
        (
            ("[[inputs]]", "non_contiguous = true\n\n[[inputs]]"),
            "unknown key 'non_contiguous'; did you mean 'noncontiguous'? remove it or check its spelling",
        ),
        (("inclusive = true", 'inclusive = "yes"'), "inputs[0].inclusive = 'yes' should be a bool"),
    ],
)
def test_a_key_that_does_nothing_is_one_sentence(pack: Path, change: tuple[str, str], sentence: str) -> None:
    edit(pack / "mask-lengths" / "drill.toml", *change)
    assert broken(pack / "mask-lengths").startswith(sentence)


def test_an_english_only_ban_reason_is_given_in_both_views() -> None:
    """A reason without its Chinese twin once made the gate fall back to its generic sentence,
    in English too: the teacher's own words were lost."""
    from vecdrill.gate.rules import GateRules
    from vecdrill.gate.scan import scan

    source = b"import torch\n\n\ndef f(x):\n    return torch.nn.utils.rnn.pad_sequence(x)\n"
    (found,) = [f for f in scan(source, GateRules.for_drill(load_drill(DRILL))) if f.code == "F007"]
    assert found.message.text("en").endswith(
        "is banned in this drill: the puzzle is to build the mask yourself"
    )
    assert found.message.text("zh").endswith("：the puzzle is to build the mask yourself")


def test_an_english_only_allow_list_reason_is_given_in_both_views_at_run_time() -> None:
    from vecdrill.checking.allowed_ops import outside_message
    from vecdrill.content.drill import RuleName

    drill = replace(
        load_drill(DRILL), allowed=(RuleName("torch.arange"), RuleName("...", "only arange here", None))
    )
    said = outside_message(drill, "mine.py", {"aten.cumsum": 5}, frozenset({"aten.arange"}))
    assert said is not None and said.text("en").endswith(": only arange here")
    assert said.text("zh").endswith("：only arange here") and "None" not in said.text("zh")
