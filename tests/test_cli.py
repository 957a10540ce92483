"""The command line as a learner meets it: exit codes and the exact lines vecdrill owns."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.harness import FIXTURE_COURSE, REPO, assert_fits, edit, run_cli
from tests.test_chinese import offending


def _broken_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(FIXTURE_COURSE / "fx-double", pack / "fx-broken")
    edit(pack / "fx-broken" / "drill.toml", "level = 1", "level = 1\ncolour = 'red'")
    for name in ("loop.py", "starter.py", "solution.py"):
        path = pack / "fx-broken" / name
        path.write_text(path.read_text().replace("fx_double", "fx_broken"))
    shutil.copytree(FIXTURE_COURSE / "fx-pick", pack / "fx-pick-copy")
    return pack


def test_list_is_plain_when_piped() -> None:
    done = run_cli("list")
    assert done.returncode == 0
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    ids = [row[0] for row in rows]
    assert {"relu-where", "gather-logits", "square-plus-one"} <= set(ids)
    assert all(len(row) == 8 for row in rows)  # ... status, pack, track


def test_list_filters() -> None:
    done = run_cli("list", "--library", "numpy", "--level", "1")
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    assert rows and all(row[3] == "numpy" and row[2] == "1" for row in rows)


def test_show_prints_task_loop_and_sizes() -> None:
    done = run_cli("show", "gather-logits")
    assert done.returncode == 0, done.stderr
    assert "def gather_logits(logits, targets)" in done.stdout.replace(": torch.Tensor", "")
    assert "Checked at sizes:" in done.stdout
    assert "targets: int64 (B), indices in [0, C)" in done.stdout


def test_show_lists_the_loop_alone_and_says_what_each_input_is() -> None:
    """The loop file also holds what the check needs (a `make_inputs`, and the torch it uses in a
    numpy drill): `show` lists the function a learner replaces and the imports it reads."""
    done = run_cli("show", "box-iou")
    assert done.returncode == 0, done.stderr
    assert "def box_iou(boxes_a: np.ndarray, boxes_b: np.ndarray)" in done.stdout
    assert "import numpy as np" in done.stdout
    assert "make_inputs" not in done.stdout and "import torch" not in done.stdout
    constant = run_cli("show", "ema-recurrence")
    assert "  a: a Python number, always 0.9" in constant.stdout


def test_broken_drill_is_listed_as_a_problem_and_the_rest_still_show(tmp_path: Path) -> None:
    done = run_cli("list", env={"VECDRILL_PATH": str(_broken_pack(tmp_path))})  # every pack, not just it
    assert done.returncode == 0
    assert "fx-pick-copy" not in done.stdout  # broken too: its loop names no fx_pick_copy
    assert "relu-where" in done.stdout
    assert "Broken drill skipped:" in done.stderr
    assert "unknown key 'colour'" in done.stderr and "drill.toml" in done.stderr


def test_duplicate_ids_name_both_places(tmp_path: Path) -> None:
    pack = tmp_path / "dup"
    shutil.copytree(REPO / "drills" / "core" / "relu-where", pack / "relu-where")
    done = run_cli("list", "--drills", str(pack))
    assert "the drill id 'relu-where' is already defined at" in done.stderr
    assert str(pack / "relu-where") in done.stderr


def test_checking_a_broken_drill_exits_3(tmp_path: Path) -> None:
    pack = _broken_pack(tmp_path)
    solution = tmp_path / "sol.py"
    solution.write_text("def fx_broken(x):\n    return x * 2\n")
    done = run_cli("check", str(solution), "--drill", "fx-broken", "--drills", str(pack))
    assert done.returncode == 3
    assert done.stderr.startswith("Error: ") and "unknown key 'colour'" in done.stderr


@pytest.mark.parametrize(
    ("args", "english", "chinese"),
    [
        (
            ("check", "{tmp}/nope.py"),
            "'{tmp}/nope.py' does not exist; check the path",
            "'{tmp}/nope.py' 不存在；请检查路径",
        ),
        (
            ("lint", "{tmp}/nope.py"),
            "'{tmp}/nope.py' does not exist: give a file or a folder to lint",
            "'{tmp}/nope.py' 不存在：请给出要检查的文件或文件夹",
        ),
        (
            ("grade", "{tmp}/class"),
            "'{tmp}/class' is not a folder of student folders; check the path",
            "'{tmp}/class' 不是存放各学生文件夹的文件夹；请检查路径",
        ),
        (
            ("grade", "{tmp}", "--shard", "5/2"),
            "--shard '5/2' must be K/N with 1 <= K <= N <= 10000, e.g. 2/4",
            "--shard '5/2' 应写成 K/N，且 1 <= K <= N <= 10000，例如 2/4",
        ),
        (
            ("lint", "--format", "xml", "src"),
            "--format 'xml' is not one of text, json, sarif, github",
            "--format 'xml' 不在可选项 text, json, sarif, github 之中",
        ),
        (  # a typo of a fixture drill, whose close matches do not change as the core pack grows
            ("show", "fx-doubel", "--drills", "{course}"),
            "no drill named 'fx-doubel'. Did you mean 'fx-double'? See `vecdrill list`.",
            "没有名为 'fx-doubel' 的题。你是不是想找 'fx-double'？见 `vecdrill list`。",
        ),
        (
            ("check", "{solution}", "--device", "tpu"),
            "--device 'tpu' is not one of cpu, cuda, all",
            "--device 'tpu' 不在可选项 cpu, cuda, all 之中",
        ),
        (  # it once read as vecdrill's own internal error (a bare ValueError past the boundary)
            ("check", "{solution}", "--isolation", "docker"),
            "unknown isolation layer 'docker'; choose bwrap, unshare or plain",
            "没有名为 'docker' 的隔离层；请从 bwrap、unshare、plain 中选一个",
        ),
        # click's own mistakes, in the reader's language too
        (
            ("list", "--colour"),
            "there is no option --colour (see `vecdrill --help`)",
            "没有 --colour 这个选项（见 `vecdrill --help`）",
        ),
        (
            ("check", "{solution}", "--jobz", "2"),
            "there is no option --jobz; did you mean --jobs, --json? (see `vecdrill --help`)",
            "没有 --jobz 这个选项；你是不是想用 --jobs, --json？（见 `vecdrill --help`）",
        ),
        (("show",), "'ID' is missing (see `vecdrill --help`)", "缺少 'ID'（见 `vecdrill --help`）"),
        (
            ("check", "{solution}", "--seed", "abc"),
            "'--seed' has a value it cannot take: 'abc' is not a valid int (see `vecdrill --help`)",
            "'--seed' 的值无效：'abc' 不是有效的 int 值（见 `vecdrill --help`）",
        ),
        (
            ("chek",),
            "there is no command 'chek'; did you mean 'check'? (see `vecdrill --help`)",
            "没有 'chek' 这个命令；你是不是想用 'check'？（见 `vecdrill --help`）",
        ),
    ],
)
def test_a_usage_error_is_worded_in_the_commands_language(
    tmp_path: Path, args: tuple[str, ...], english: str, chinese: str
) -> None:
    """--lang words the error, else VECDRILL_LANG; the path and the option's value stay as given."""
    solution = REPO / "drills" / "core" / "relu-where" / "solution.py"
    filled = [arg.format(tmp=tmp_path, course=FIXTURE_COURSE, solution=solution) for arg in args]
    in_english = run_cli(*filled, "--lang", "en", env={"VECDRILL_LANG": "zh"})
    in_chinese = run_cli(*filled, env={"VECDRILL_LANG": "zh"})
    assert (in_english.returncode, in_english.stderr.strip()) == (2, "Error: " + english.format(tmp=tmp_path))
    assert (in_chinese.returncode, in_chinese.stderr.strip()) == (2, "错误：" + chinese.format(tmp=tmp_path))


def test_a_folder_in_place_of_a_solution_is_its_verdict_in_the_commands_language(tmp_path: Path) -> None:
    folder = tmp_path / "relu.py"
    folder.mkdir()
    done = run_cli("check", str(folder), "--drill", "relu-where", "--lang", "zh")
    assert done.returncode == 1
    assert done.stdout.strip() == f"语法错误 {folder}（relu-where）：{folder} 是文件夹；请传入 Python 文件"


def test_a_set_aside_progress_file_is_said_in_the_commands_language(vecdrill_home: Path) -> None:
    store = vecdrill_home / "data" / "progress.json"
    store.parent.mkdir(parents=True)
    store.write_text("{oops")
    done = run_cli("list", "--lang", "zh")
    (aside,) = store.parent.glob("progress.json.corrupt-*")
    assert done.returncode == 0
    assert done.stderr.strip() == (
        f"错误：无法读取你的进度文件 {store}（它不是有效的 JSON：Expecting property name enclosed in double "
        f"quotes: line 1 column 2 (char 1)），它已被移到 {aside}，进度从头开始；原来的内容仍保存在那里。"
    )


def test_file_without_a_drill_is_a_usage_error(tmp_path: Path) -> None:
    solution = tmp_path / "mystery.py"
    solution.write_text("def mystery(x):\n    return x\n")
    done = run_cli("check", str(solution))
    assert done.returncode == 2
    assert "cannot tell which drill" in done.stderr and "# vecdrill: ID" in done.stderr


@pytest.mark.parametrize(
    ("args", "lang", "line"),
    [
        (("--help",), "en", "  check     Check solution files against their drills' loops (exit 0 only..."),
        (("--help",), "zh", "  check     对照各题的参考循环检查解法文件（全部通过才以 0 退出）。"),
        (
            ("check", "--help", "--lang", "zh"),
            "en",
            "  --seed <int>       生成输入所用的种子。  [default: 1234]",
        ),
    ],
)
def test_the_help_is_in_the_readers_language_and_fits_80_columns(
    args: tuple[str, ...], lang: str, line: str
) -> None:
    """--lang words the help, else VECDRILL_LANG (or the locale); a Chinese character takes two
    columns, and a Chinese help holds no English prose."""
    done = run_cli(*args, env={"VECDRILL_LANG": lang, "COLUMNS": "80"})
    assert done.returncode == 0 and line in done.stdout.splitlines(), done.stdout + done.stderr
    assert_fits(done.stdout.splitlines(), 80)
    if "zh" in (lang, *args):
        assert not offending(done.stdout), offending(done.stdout)


def test_static_findings_exit_1_with_file_line_col(tmp_path: Path) -> None:
    solution = tmp_path / "loopy.py"
    solution.write_text(
        "# vecdrill: relu-where\nimport torch\n\n\ndef relu_where(x):\n"
        "    out = x.clone()\n    for i in range(x.shape[0]):\n        pass\n    return out\n"
    )
    done = run_cli("check", str(solution))
    assert done.returncode == 1
    first = done.stdout.splitlines()[0]
    assert first.startswith(f"LOOP {solution} (relu-where): {solution}:7:5 for loop")


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--timeout", "-1", "-1.0 is not a time limit"),
        ("--timeout", "0", "0.0 is not a time limit"),
        ("--timeout", "nan", "nan is not a time limit"),
        ("--timeout", "inf", "inf is not a time limit"),
        ("--timeout", "1e308", "1e+308 is not a time limit"),
        ("--seed", str(10**23), f"{10**23} is not a seed: give a whole number from 0 to"),
        ("--seed", "-1", "-1 is not a seed"),
        ("--jobs", "0", "0 is not a number of jobs"),
    ],
)
@pytest.mark.parametrize("command", ["check", "grade"])
def test_options_out_of_range_are_refused_before_anything_runs(
    tmp_path: Path, command: str, option: str, value: str, words: str
) -> None:
    done = run_cli(command, str(tmp_path), option, value)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.startswith(f"Error: Invalid value for '{option}': {words}"), done.stderr


def test_a_bare_vecdrill_shows_its_help_not_an_error() -> None:
    done = run_cli()
    assert done.returncode == 2
    assert done.stderr.startswith("Usage: vecdrill [OPTIONS] COMMAND [ARGS]...")
    assert "Error" not in done.stderr and "错误" not in done.stderr
