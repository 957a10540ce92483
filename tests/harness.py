"""How a test runs vecdrill as its users do, once for every test module: a command in a
subprocess, `check --json`, a session in a pseudo-terminal; how it reads what came back (colours
stripped, widths in terminal cells, a case file's headers); and the learner files it shares.
conftest.py adds the fixtures; a test module imports its helpers from here, never from another
test module."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vecdrill import paths, wire
from vecdrill.content import drill_code
from vecdrill.content.drill import Drill

if TYPE_CHECKING:
    import pexpect

    from vecdrill.sandbox import warm

REPO = Path(__file__).resolve().parent.parent
FIXTURE_COURSE = REPO / "tests" / "fixture_course"
LEARNER_FILES = sorted((REPO / "tests" / "learner_files").glob("*.py"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][AB0]")
_HEADER = re.compile(rb"^# ([a-z-]+): (.+)$", re.MULTILINE)

# fx-pick as a learner saves it: a wrong answer, then the right one.
WRONG = "# vecdrill: fx-pick\nimport torch\n\n\ndef fx_pick(m, idx):\n    return m[:, 0]\n"
RIGHT = (
    "# vecdrill: fx-pick\nimport torch\n\n\ndef fx_pick(m, idx):\n"
    "    return torch.gather(m, 1, idx.unsqueeze(1)).squeeze(1)\n"
)


def run_cli(
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    unset: Iterable[str] = (),
    timeout: float = 300,
) -> subprocess.CompletedProcess[str]:
    """Run `python -m vecdrill ARGS` as a script would, in a real subprocess whose stdin is no
    terminal (a question counts as no): this process's environment, then `env` over it, less the
    variables named in `unset`. A VECDRILL_HOME cannot be taken away: without it the child would
    use the machine's real progress store."""
    full_env = {**os.environ, "COLUMNS": "200", **(env or {})}
    for name in unset:
        full_env.pop(name, None)
    if not full_env.get(paths.HOME_ENV):
        raise ValueError(f"a test's vecdrill needs a {paths.HOME_ENV}; give one instead of removing it")
    return subprocess.run(
        [sys.executable, "-m", "vecdrill", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=cwd or REPO,
        env=full_env,
        timeout=timeout,
    )


def check_json(
    files: Iterable[Path | str],
    *args: str,
    bench: bool = False,
    jobs: int = 2,
    env: dict[str, str] | None = None,
    unset: Iterable[str] = (),
    timeout: float = 900,
) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    """`vecdrill check FILES --json --jobs JOBS ARGS` (`--no-bench` unless `bench`) as a class is
    graded, with a fresh home unless `env` names one (a session-scoped fixture has no per-test
    home); the run and the results of its version-1 document. More files than jobs share warm
    workers and are timed one after another; no more, each file gets a cold child."""
    with tempfile.TemporaryDirectory() as home:
        done = run_cli(
            "check",
            *map(str, files),
            "--json",
            *(() if bench else ("--no-bench",)),
            "--jobs",
            str(jobs),
            *args,
            env={paths.HOME_ENV: home, **(env or {})},
            unset=unset,
            timeout=timeout,
        )
    assert done.stdout, done.stderr
    document = json.loads(done.stdout)
    assert document["version"] == 1
    results: list[dict[str, Any]] = document["results"]
    return done, results


def check_one(
    file: Path | str, *args: str, bench: bool = False, env: dict[str, str] | None = None
) -> dict[str, Any]:
    """The JSON result of checking one file (see `check_json`), which must end as a verdict (exit
    0 or 1), not as an error of vecdrill's."""
    done, (result,) = check_json([file], *args, bench=bench, env=env)
    assert done.returncode in (0, 1), done.stderr
    return result


def run_python(
    code: str, cwd: Path = REPO, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """`python -c CODE` in a fresh interpreter, so that nothing this process imported leaks into
    what the code sees; this process's environment, then `env` over it."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        timeout=timeout,
    )


def imported_by(*args: str, cwd: Path = REPO) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """`python -X importtime -m vecdrill ARGS`, and every module it imported, as `-X importtime`
    reports them: vecdrill leaves through `os._exit`, so code run after it in the same process
    would never report."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "vecdrill", *args], capture_output=True, text=True, cwd=cwd
    )
    lines = done.stderr.splitlines()
    return done, {line.split("|")[-1].strip() for line in lines if line.startswith("import time:")}


def python_child(
    code: str, *args: str, stdin: int | None = None, stdout: int | None = None
) -> subprocess.Popen[str]:
    """`python -c CODE ARGS` importing vecdrill from this checkout, left running for the test to
    feed, signal or kill."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], env=env, text=True, stdin=stdin, stdout=stdout
    )


# `vecdrill grade` as the tests run it: the fixture course on the CPU, untimed, 5 s a file, two at once.
GRADE = ("--drills", str(FIXTURE_COURSE), "--no-bench", "--device", "cpu", "--timeout", "5", "--jobs", "2")


def grade(cwd: Path, out: str, *args: str) -> dict[str, Any]:
    """`vecdrill grade ARGS --out OUT` in `cwd`: its gradebook, with what it printed."""
    done = run_cli("grade", *args, "--out", out, cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr
    book: dict[str, Any] = json.loads((cwd / f"{out}.json").read_text(encoding="utf-8"))
    book["printed"] = done.stdout
    return book


def spawn(
    *args: str,
    columns: int = 80,
    rows: int = 24,
    lang: str = "en",
    cwd: Path = REPO,
    env: dict[str, str] | None = None,
    then: str | None = None,
    timeout: float = 120,
) -> pexpect.spawn:
    """`python -m vecdrill ARGS` in a pseudo-terminal of `columns` x `rows`, as a learner at a
    terminal runs it: rich sizes its views to the terminal (no COLUMNS or LINES), the language is
    `lang` unless ARGS say `--lang`, and no editor opens unless `env` names one. With `then`, bash
    runs the command, prints `exit=STATUS`, then runs `then` (`stty -a`: the terminal's modes
    after vecdrill left it)."""
    import pexpect

    full_env = {**os.environ, "TERM": "xterm-256color", "VECDRILL_LANG": lang}
    for name in ("COLUMNS", "LINES", "EDITOR", "VISUAL"):
        full_env.pop(name, None)
    command = [sys.executable, "-m", "vecdrill", *args]
    if then is not None:
        command = ["bash", "--norc", "--noprofile", "-c", f'{shlex.join(command)}; echo "exit=$?"; {then}']
    return pexpect.spawn(
        command[0],
        command[1:],
        cwd=str(cwd),
        env={**full_env, **(env or {})},
        dimensions=(rows, columns),
        encoding="utf-8",
        timeout=timeout,
    )


def strip_ansi(text: str) -> str:
    """`text` without colours, cursor moves and window titles."""
    return ANSI.sub("", text)


def in_terminal(
    *args: str, columns: int = 80, rows: int = 24, lang: str = "en", timeout: float = 120
) -> list[str]:
    """The lines a learner sees once `vecdrill ARGS` has ended in a terminal (see `spawn`), without
    colours; the command must succeed."""
    import pexpect

    session = spawn(*args, columns=columns, rows=rows, lang=lang, timeout=timeout)
    session.expect(pexpect.EOF)
    session.close()
    assert session.exitstatus == 0, session.before
    lines = strip_ansi(session.before or "").split("\n")
    # a carriage return starts the line again (a spinner redraws itself so): keep what was drawn last
    return [next((part for part in reversed(line.split("\r")) if part), "") for line in lines]


def display_width(line: str) -> int:
    """Terminal cells `line` takes: two for a wide (CJK) character."""
    return sum(
        2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line if not unicodedata.combining(c)
    )


def assert_fits(lines: list[str], columns: int, rows: int | None = None) -> None:
    """No line wider than `columns` terminal cells, and no more than `rows` lines where given."""
    assert rows is None or len(lines) <= rows, "\n".join(lines)
    wide = [line for line in lines if display_width(line) > columns]
    assert not wide, f"{len(wide)} lines wider than {columns} cells, e.g. {wide[0]!r}"


def headers(path: Path) -> dict[str, str]:
    """The `# key: value` lines of a case file (`# vecdrill: ID`, `# expect: VERDICT`, ...): a
    golden file says so what it must get. Read as bytes, since some hold bytes that are no UTF-8."""
    return {
        key.decode(): value.decode(errors="replace").strip()
        for key, value in _HEADER.findall(path.read_bytes())
    }


def copy_drill(drill: Path, into: Path, manifest_tail: str = "") -> Path:
    """A copy of the drill folder `drill` in the folder `into`, free to edit, with `manifest_tail`
    appended to its drill.toml (a table the original lacks)."""
    folder = Path(shutil.copytree(drill, into / drill.name))
    with (folder / "drill.toml").open("a", encoding="utf-8") as manifest:
        manifest.write(manifest_tail)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    """Replace `old` wherever a file holds it, which it must: an edit that silently changed nothing
    would let the test pass on a file unlike the one it describes."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def worker_request(drill: Drill, mode: str = "solution", **fields: Any) -> wire.WorkerRequest:
    """A worker request for `drill`, carrying the drill and its code as a check sends them."""
    given, code = drill_code.given(drill, answers=mode == "reference")
    return wire.WorkerRequest(mode=mode, drill=given, code=code, **fields)


def zygote_pid(worker: warm.WarmWorker) -> int | None:
    """The process a warm worker launched for its zygote (bwrap or unshare where those wrap it):
    the same pid before and after a check says the check was served warm by that zygote."""
    zygote = worker._zygote  # what the tests watch; vecdrill itself has no use for the pid
    return zygote.process.pid if zygote else None
