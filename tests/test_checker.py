"""Golden tests: every file in tests/learner_files gets the verdict its header declares.

A file starts with `# vecdrill: ID`, then `# expect: VERDICT` and optionally `# message: TEXT`
(a part of the one-sentence message). Adding a scenario means adding a file, not code. All files
are checked in one `vecdrill check --json` run, as a teacher grading a class would.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.harness import FIXTURE_COURSE, LEARNER_FILES, REPO, check_json, headers, run_cli


@pytest.fixture(scope="session")
def graded() -> dict[str, dict[str, Any]]:
    done, results = check_json(
        LEARNER_FILES, "--drills", str(FIXTURE_COURSE), "--timeout", "60", timeout=1800
    )
    assert done.returncode == 1, done.stderr
    return {Path(r["file"]).name: r for r in results}


@pytest.mark.slow
@pytest.mark.parametrize("path", LEARNER_FILES, ids=lambda p: p.stem)
def test_learner_file_gets_its_verdict(path: Path, graded: dict[str, dict[str, Any]]) -> None:
    expected = headers(path)
    result = graded[path.name]
    assert result["verdict"] == expected["expect"], result["message"]
    assert result["message"] and "\n" not in result["message"]
    assert "Traceback" not in result["message"]
    if "message" in expected:
        assert expected["message"] in result["message"]
    if expected["expect"] in ("loop", "forbidden", "syntax") and result["findings"]:
        assert result["devices"] == []  # nothing ran


def test_every_verdict_is_covered() -> None:
    verdicts = {headers(p)["expect"] for p in LEARNER_FILES}
    assert {"pass", "loop", "forbidden", "syntax", "wrong", "error"} <= verdicts


@pytest.mark.slow
def test_a_drill_loaded_from_a_relative_folder_checks_from_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """The children run in other folders: a relative drill folder once sent the loop's child to
    a path that did not exist there, and the drill read as broken."""
    from vecdrill.checking.pipeline import CheckOptions, check_past_gate
    from vecdrill.checking.submission import Source
    from vecdrill.content.drill import load_drill

    monkeypatch.chdir(REPO)
    drill = load_drill(FIXTURE_COURSE.relative_to(REPO) / "fx-double")
    assert drill.folder.is_absolute()
    result = check_past_gate(
        Source(Path("sol.py"), b"def fx_double(x):\n    return x * 2\n"),
        drill,
        CheckOptions(device="cpu", bench=False),
    )
    assert result.verdict.value == "pass", result.message


def test_a_pass_reads_in_chinese_with_lang_zh() -> None:
    solution = REPO / "drills" / "core" / "relu-where" / "solution.py"
    done = run_cli("check", str(solution), "--drill", "relu-where", "--no-bench", "--lang", "zh")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[0].endswith(
        "（relu-where）：你的解法在每个用例上都与循环一致，并且已经向量化"
    )
