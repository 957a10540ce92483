"""Under `--lang zh` a bilingual drill shows no English prose: every screen a learner reads (a check
of each verdict, show, hint, list, progress) and every drill's own Chinese text are run through one
small detector, and a test fails with the lines it finds. An English-only drill says so, once, in
Chinese: at the start of `try` and in a check report here, in `show` and `hint` in
test_english_only_drills.py.

The detector reads a line the way a Chinese reader would skim it: code, paths, identifiers,
numbers with units and quotations are not prose (they stay as they are in either language); what is
left is English prose when it still holds three English words in a row.
"""

from __future__ import annotations

import keyword
import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pexpect
import pytest

from tests.harness import FIXTURE_COURSE, REPO, run_cli, spawn
from vecdrill.content.drill import NO_CHINESE, Drill, load_drill

DRILLS = REPO / "drills"
ENGLISH_ONLY_PACK = REPO / "tests" / "teacher_pack"

# What is not prose, removed before counting words, in this order.
_NOT_PROSE = [
    re.compile(r"`[^`]*`"),  # code in backticks
    re.compile(r'^\s*File ".*", line \d+, in \S+$'),  # a frame of the learner's traceback
    re.compile(r"vecdrill [a-z]+(?: [A-Z]{2,}\b)?"),  # a command: vecdrill check FILE
    re.compile(r"\S*/\S*"),  # paths and commands' folders: tests/learner_files/loop_for.py, 1/2
    re.compile(r"(?<!\w)--?[a-z][\w-]*"),  # options: --seed, --lang
    re.compile(r"\w+(?:\.\w+)+(?:\(\))?"),  # dotted names: torch.where, x.py, np.add.at()
    re.compile(r"\w*_\w*"),  # snake_case, dunders, blanks to fill (____)
    re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+"),  # CamelCase: ValueError, LongTensor
    re.compile(r"\w+(?:-\w+)+"),  # drill ids and tags: fx-double, fancy-indexing
    re.compile(r"(?<![\w.])\d[\d.,]*\s*(?:[µmun]?s|x|%|[KMGT]i?B)?(?![\w])"),  # numbers, units
]
_WORD = r"(?:[A-Za-z]{2,}|a)"  # two letters or more, or "a": `B x T` is no sentence
# Three words in a row, apart by spaces only: the cells of a table (`vecdrill list`) are not a sentence.
_PROSE = re.compile(rf"(?<![A-Za-z0-9_.]){_WORD}(?: +{_WORD}){{2,}}(?![A-Za-z0-9_.])")
_QUOTED = re.compile(r"“[^”]*”")
_KEYWORDS = set(keyword.kwlist)
_FRAME = str.maketrans("", "", "│╭╮╰╯─┊")  # a rich panel's border


def english_prose(line: str) -> str | None:
    """The run of English words that makes `line` English prose, or None when there is none."""
    rest = _QUOTED.sub(" ", line.translate(_FRAME))
    for pattern in _NOT_PROSE:
        rest = pattern.sub(" ", rest)
    # a run of Python's keywords alone is code (`if / elif / else` in a hint)
    return next((run.group() for run in _PROSE.finditer(rest) if set(run.group().split()) - _KEYWORDS), None)


def offending(text: str, code: Iterable[Path] = ()) -> list[str]:
    """The lines of `text` that are English prose, less fenced code blocks, quotations (one may
    span lines) and lines of the given Python files (a drill's loop that `show` prints)."""
    source = {line.strip() for path in code for line in path.read_text(encoding="utf-8").splitlines()}
    unquoted = _QUOTED.sub(lambda quote: re.sub(r"[^\n]", " ", quote.group()), text)
    found, fenced = [], False
    for line, seen in zip(text.splitlines(), unquoted.splitlines(), strict=True):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and line.translate(_FRAME).strip() not in source and english_prose(seen):
            found.append(line)
    return found


@pytest.mark.parametrize(
    "line",
    [
        "注：only the CPU was checked: torch sees no CUDA device here",
        "LOOP tests/learner_files/loop_for.py (fx-double): loop_for.py:9:5 the loop runs once per element",
        "提示 1/2：Mask the padding after each length",
        "│ Return 2 * x for every element of the batch.   │",
        "    measuring took 1.2 s; the loop's times come from the cache",
    ],
)
def test_the_detector_finds_english_prose(line: str) -> None:
    assert english_prose(line), line


@pytest.mark.parametrize(
    "line",
    [
        "WRONG tests/learner_files/wrong_dtype.py (fx-double)：cpu：期望 float32，实际 float64（种子 1234）",
        "`torch.where(mask, x, 0.0)` 返回形状相同的张量；`x.sum(dim=-1, keepdim=True)` 也行",
        "  cpu: pass  循环 75 ms，你的 5 µs：快 15000 倍（范围 12000x 到 17000x）",
        "漏掉 `unsqueeze(1)` 会报错 “Index tensor must have the same number of dimensions as input tensor”。",
        '  File "tests/learner_files/error_raise.py", line 8, in fx_double',
        "运行 vecdrill hint fx-double 查看提示；--drills tests/fixture_course --seed 1234",
        "  x: float32 (B, T), 正态分布的值 × 1",
        "scatter_reduce、index_add 与 np.add.at() 都是 ScatterAdd 的写法",
    ],
)
def test_the_detector_leaves_code_paths_and_chinese_alone(line: str) -> None:
    assert english_prose(line) is None, english_prose(line)


def _assert_chinese(done_text: str, code: Iterable[Path] = ()) -> None:
    found = offending(done_text, code)
    assert not found, "English prose under --lang zh:\n" + "\n".join(found)


def _check_in_chinese(*args: str) -> subprocess.CompletedProcess[str]:
    """`vecdrill check ARGS` in Chinese, untimed, two files at a time: some of them fail."""
    done = run_cli("check", *args, "--lang", "zh", "--no-bench", "--jobs", "2")
    assert done.returncode == 1, done.stdout + done.stderr
    return done


# One learner file per verdict, all for the fixture course's fx-double.
VERDICTS = [
    "learner_files/pass_double.py",
    "learner_files/loop_for.py",
    "learner_files/loop_hidden_runtime.py",
    "learner_files/wrong_value.py",
    "learner_files/wrong_shape.py",
    "learner_files/wrong_dtype.py",
    "learner_files/wrong_mutates_input.py",
    "learner_files/error_raise.py",
    "learner_files/forbidden_import_os.py",
    "learner_files/syntax_error.py",
    "corpus/timeout_bignum.py",
    "corpus/output_print_flood.py",
]


@pytest.mark.slow  # a dozen real checks: the full suite runs it
def test_a_check_of_every_verdict_in_chinese_writes_no_english_prose() -> None:
    files = [REPO / "tests" / name for name in VERDICTS]
    done = _check_in_chinese(*map(str, files), "--drills", str(FIXTURE_COURSE), "--timeout", "4")
    headlines = [line for line in done.stdout.splitlines() if line and not line[0].isspace()]
    assert all(any(f" {file}（fx-double）" in line for line in headlines) for file in files), done.stdout
    _assert_chinese(done.stdout + done.stderr, [*files, *FIXTURE_COURSE.glob("*/*.py")])


@pytest.mark.parametrize(
    "command",
    [
        ["show", "cumulative-sum"],
        ["show", "puzzle-compress"],
        ["hint", "masked-mean", "--all"],
        ["solution", "gather-logits", "--yes"],
        ["list"],
        ["progress"],
    ],
    ids=" ".join,
)
def test_the_learners_screens_in_chinese_write_no_english_prose(command: list[str]) -> None:
    done = run_cli(*command, "--lang", "zh")
    assert done.returncode == 0, done.stderr
    _assert_chinese(done.stdout + done.stderr, DRILLS.glob("*/*/*.py"))


def _chinese_text(drill: Drill) -> str:
    """A drill's Chinese: its [zh] table, the Chinese reasons of its rules, its explain.zh.md. A
    hint the same in both languages is a skeleton of code, with nothing to translate."""
    assert drill.zh is not None, f"{drill.id} has no Chinese text"
    hints = [hint for hint in drill.zh.hints if hint not in drill.hints]
    reasons = [rule.reason_zh for rule in (*drill.banned, *(drill.allowed or ())) if rule.reason_zh]
    return "\n".join([drill.zh.title, drill.zh.task, *hints, *reasons, drill.explanation("zh")])


def test_every_drills_chinese_text_is_chinese() -> None:
    found = {
        folder.name: lines
        for folder in sorted(DRILLS.glob("*/*/"))
        if (folder / "drill.toml").is_file() and (lines := offending(_chinese_text(load_drill(folder))))
    }
    assert not found, "\n".join(f"{name}: {line}" for name, lines in found.items() for line in lines)


@pytest.mark.slow  # a dozen real checks: the full suite runs it
def test_an_english_only_drill_says_so_once_in_chinese_in_a_check_report(tmp_path: Path) -> None:
    """Once for each file: before a failing verdict, or where a pass's explanation opens."""
    wrong = tmp_path / "mask_lengths.py"
    wrong.write_text(
        "import torch\n\n\ndef mask_lengths(lengths: torch.Tensor, t: int) -> torch.Tensor:\n"
        "    return torch.arange(t, device=lengths.device) < lengths[:, None].clamp(max=t - 1)\n",
        encoding="utf-8",
    )
    solution = ENGLISH_ONLY_PACK / "mask-lengths" / "solution.py"
    done = _check_in_chinese(
        str(wrong), str(solution), "--drill", "mask-lengths", "--drills", str(ENGLISH_ONLY_PACK)
    )
    assert done.stdout.splitlines()[0] == NO_CHINESE
    assert done.stdout.count(NO_CHINESE) == 2, done.stdout
    assert not english_prose(NO_CHINESE)


def test_an_english_only_drill_says_so_at_the_start_of_try(tmp_path: Path) -> None:
    drill = ("mask-lengths", "--drills", str(ENGLISH_ONLY_PACK), "--workspace", str(tmp_path))
    session = spawn("try", *drill, "--no-editor", lang="zh", columns=200, rows=60)
    session.expect_exact(NO_CHINESE)
    session.expect_exact("你各题的文件都放在")  # the drill's text is shown: stop before the checker is ready
    session.sendintr()
    session.expect(pexpect.EOF)
    assert NO_CHINESE not in (session.before or "")  # said once, at the start


# The parts of a wrong answer that are words (an answer's form, a label), each in a real check: what
# each file's fx_double returns.
MISMATCHES = {"tuple.py": "x * 2, x", "detached.py": "(x * 2).detach()", "half_gradient.py": "x + x.detach()"}


@pytest.mark.slow  # a dozen real checks: the full suite runs it
def test_the_words_of_a_wrong_answer_are_chinese_with_lang_zh(tmp_path: Path) -> None:
    for name, returned in MISMATCHES.items():
        source = f"# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n    return {returned}\n"
        (tmp_path / name).write_text(source, encoding="utf-8")
    files = [tmp_path / name for name in MISMATCHES]
    done = _check_in_chinese(*map(str, files), "--drills", str(FIXTURE_COURSE), "--device", "cpu")
    assert "含 2 个元素的元组" in done.stdout and "单个 torch.Tensor" in done.stdout, done.stdout
    assert "梯度无法从你的结果传到 x" in done.stdout and "x 的梯度在 [" in done.stdout, done.stdout
    _assert_chinese(done.stdout + done.stderr, files)


def test_a_scalars_kind_and_a_sorted_output_are_named_in_chinese() -> None:
    import torch

    from vecdrill.checking.compare import Answer, Tolerance, compare_answers
    from vecdrill.checking.verdicts import describe

    def answer(value: torch.Tensor) -> Answer:
        return Answer(False, [{"type": "tensor", "device": "cpu"}], [value])

    kind = compare_answers(answer(torch.tensor(1.5)), answer(torch.tensor(True)), Tolerance(None, None))
    along = Tolerance(None, None, unordered=1)
    tensor = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    differs = compare_answers(answer(tensor), answer(tensor + 1), along)
    assert kind is not None and differs is not None
    assert describe(kind, "cpu").text("zh") == "cpu：out 应该是浮点数，而你的解法返回了布尔值"
    assert describe(differs, "cpu").text("zh").startswith("cpu：结果在 out（值已沿第 1 维排序）[0, 0] 处")
    assert describe(differs, "cpu").text("en").startswith("cpu: result differs from the loop at out (values")


def test_the_childs_sentences_on_names_and_gpu_memory_come_as_codes_in_both_languages() -> None:
    """What the child says on its own (a name resolved outside the drill, a GPU allocation that
    failed) crosses to the parent as a code and values, so the learner reads it in their language."""
    import torch

    from vecdrill import wire
    from vecdrill.child import gpu, resolve

    with pytest.raises(resolve.Escape) as escaped:
        resolve.check_names([wire.NameUse("torch.functional.torch.os", 3, 4)], [])
    assert escaped.value.where == (3, 4)
    assert escaped.value.said.text("en").startswith(
        "`torch.functional.torch.os` is the module `os`, reached through another module"
    )
    assert escaped.value.said.text("zh").startswith(
        "`torch.functional.torch.os` 是经由另一个模块拿到的模块 `os`："
    )
    asked = gpu.out_of_memory(
        torch.cuda.OutOfMemoryError("CUDA out of memory. Tried to allocate 64.00 GiB. GPU 0")
    )
    assert asked is not None and asked.to_json()["code"] == "child.bytes_more_on"
    assert (asked.text("en"), asked.text("zh")) == (
        "64.00 GiB more on cuda:0",
        "在 cuda:0 上又申请了 64.00 GiB",
    )
