"""The bad-input corpus: hostile and broken solutions, each with the verdict and message it must get.

One file per case; adding a case adds a file, not code.

* tests/corpus/ holds solutions a learner can hand in. They go through the whole of
  `vecdrill check` in one run, static gate first, so many attacks end as `forbidden` or `loop`
  with nothing run; the others attack with what the gate allows (torch and numpy).
* tests/corpus_ungated/ holds attacks that need os, sys, ctypes...: the gate would stop them before
  they run, so they go straight to `pipeline.check_past_gate`, which builds the worker request as a
  check does, to prove the sandbox itself. They run cold (a fresh child each) and warm: one by one
  on a warm pool's single zygote, as `vecdrill grade` runs a class, each followed by a sentinel
  (tests/corpus_warm/) that passes only if nothing the file did reached the next check.

Header lines of a case file:

  # vecdrill: DRILL             a drill of tests/fixture_course
  # expect: VERDICT             the verdict (on every layer, unless -guarded says otherwise)
  # message: TEXT               a part of the one-line message
  # expect-guarded: VERDICT     instead, where the audit guard watches paths (unshare and plain)
  # message-guarded: TEXT
  # expect-LAYER: VERDICT       instead, under that layer (bwrap, unshare, plain): what it cannot hold
  # message-LAYER: TEXT
  # layers: all                 also run under the fallback layers, not only the default one
  # needs: cgroup | no-cuda     skipped, with the reason, where the machine lacks it
  # timeout: SECONDS            a longer wall limit than the corpus's 4 s (ungated cases only)

Each case runs from a copy in which these placeholders are replaced: @VICTIM@ (a folder outside
the box, checksummed before and after), @HOME@ (vecdrill's own HOME, seeded with files and
checksummed too), @PORT@ (a TCP listener on 127.0.0.1 that must hear nothing), @COURSE@ (the
fixture course, whose answers must stay hidden), @STRAY@ (a copy of it that vecdrill does not know
of), @CACHE@ (vecdrill's cache), @DATA@ (its data folder) and @SECRET@ (a value in vecdrill's
environment that no child may see). Every path the run makes lies below one fresh
folder, /tmp/vecdrill-corpus-*, whose name also marks each process of the run: none may outlive it.

Every run starts a Python that imports torch, about 5 s of CPU each: the corpus is marked slow. Under
pytest-xdist use `--dist loadgroup`, which keeps each batch (a folder under one layer) on one worker.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_world import GATED, TIMEOUT, UNGATED, Case, World, layer_or_skip, past_gate
from tests.harness import FIXTURE_COURSE, REPO, check_json, run_python
from vecdrill import paths
from vecdrill.checking import pipeline
from vecdrill.checking.batch import warm_pool
from vecdrill.content import catalogue
from vecdrill.result.model import Verdict
from vecdrill.sandbox import cgroup, launch

SENTINEL = REPO / "tests" / "corpus_warm" / "sentinel_finds_a_fresh_box.py"
PASS_MESSAGE = "your solution matches the loop on every case and is vectorized"
FALLBACK_LAYERS = ("unshare", "plain")


def _make_big(path: Path) -> None:
    with path.open("wb") as big:
        big.truncate(100 * 1024**2)


# Made at run time, not kept in git: name -> (maker, verdict, part of the message).
RUNTIME_CASES: dict[str, tuple[Callable[[Path], object], str, str]] = {
    "path_directory.py": (Path.mkdir, "syntax", "is a directory; pass a Python file"),
    "path_fifo.py": (os.mkfifo, "syntax", "is not a regular file (a FIFO, socket or device)"),
    "path_symlink_to_passwd.py": (
        lambda path: path.symlink_to("/etc/passwd"),
        "syntax",
        "is a symbolic link",
    ),
    "path_100_mb.py": (_make_big, "syntax", "more than the 256 KiB a solution may have"),
    "source_null_byte.py": (
        lambda path: path.write_bytes(b"# vecdrill: fx-double\nimport torch\x00\n"),
        "syntax",
        "null byte",
    ),
    "source_deep_expression.py": (
        lambda path: path.write_text(
            "# vecdrill: fx-double\ndef fx_double(x):\n    return " + "-" * 100_000 + "x\n"
        ),
        "syntax",
        "nested too deeply",
    ),
}


def _cases(folder: Path) -> list[Case]:
    return [Case.load(path) for path in sorted(folder.glob("*.py"))]


# Each corpus run: a folder kind under a layer.
BATCHES = [(kind, layer) for kind in ("gated", "ungated", "warm") for layer in ("default", *FALLBACK_LAYERS)]


def _group(kind: str, layer: str) -> pytest.MarkDecorator:
    """Under xdist, `--dist loadgroup` keeps each batch (kind, layer) on one worker."""
    return pytest.mark.xdist_group(f"corpus-{kind}-{layer}")


def _params() -> list[Any]:
    """(kind, layer, case) triples, one for each case of each batch."""
    return [
        pytest.param(kind, layer, case, id=f"{kind}-{layer}-{case.path.stem}", marks=_group(kind, layer))
        for kind, layer in BATCHES
        for case in _cases(GATED if kind == "gated" else UNGATED)
        if case.runs_on(layer)
    ]


@dataclass
class Batch:
    """What one run of a corpus folder under one layer produced, and what it left behind."""

    results: dict[str, tuple[str, str]]  # case file name -> (verdict, message)
    guarded: bool
    layer: str  # the layer the checks ran in: bwrap, unshare or plain
    vecdrill_stderr: str = ""
    problems: list[str] = field(default_factory=list)  # damage to the world, in words


@pytest.fixture(scope="session")
def world() -> Iterator[World]:
    made = World()
    yield made
    made.close()


@pytest.fixture(scope="session")
def batches(world: World) -> Iterator[dict[tuple[str, str], Batch]]:
    """Corpus runs by (folder kind, layer), made on first use and kept for the session."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VECDRILL_TEST_SECRET", world.secret)
        yield {}


def _batch(batches: dict[tuple[str, str], Batch], world: World, kind: str, layer: str) -> Batch:
    if (kind, layer) not in batches:
        used = layer_or_skip(layer)
        run = {"gated": _run_gated, "ungated": _run_ungated, "warm": _run_warm}[kind]
        batch = run(world, layer, used)
        batch.problems += world.damage()
        batches[kind, layer] = batch
    return batches[kind, layer]


def _run_gated(world: World, layer: str, used: launch.Isolation) -> Batch:
    """One `vecdrill check --json` over the folder, as a teacher grading a class would run it."""
    folder = world.root / f"gated-{layer}"
    files = [world.copy(case.path, folder) for case in _cases(GATED) if case.runs_on(layer)]
    if layer == "default":
        for name, (make, _, _) in RUNTIME_CASES.items():
            make(folder / name)
            files.append(folder / name)
    isolation = [] if layer == "default" else ["--isolation", layer]
    env = {"HOME": str(world.home), "TMPDIR": str(world.root / "tmp")}
    env[paths.HOME_ENV] = str(world.root / "vecdrill-home")
    done, results = check_json(
        files, "--drills", str(FIXTURE_COURSE), "--timeout", TIMEOUT, *isolation, env=env
    )
    assert done.returncode == 1, done.stderr
    verdicts = {Path(r["file"]).name: (r["verdict"], r["message"]) for r in results}
    return Batch(verdicts, used is not launch.Isolation.BWRAP, used.value, done.stderr)


def _outcome(
    path: Path, layer: str, course: catalogue.Catalogue, runner: pipeline.Runner = launch.run_sandboxed
) -> tuple[str, str]:
    """The verdict and message of a case file run past the gate (see `past_gate`), or vecdrill's
    own failure."""
    try:
        verdict, message, *_ = past_gate(path, None if layer == "default" else layer, course, runner)
    except Exception as exc:  # noqa: BLE001 - vecdrill's own failure, reported per case
        return ("vecdrill failed", f"{type(exc).__name__}: {exc}")
    return (verdict, message)


def _run_ungated(world: World, layer: str, used: launch.Isolation) -> Batch:
    """Each case straight into the sandbox, two at a time, bypassing the static gate."""
    folder = world.root / f"ungated-{layer}"
    course = catalogue.load_catalogue([FIXTURE_COURSE])

    def grade(case: Case) -> tuple[str, tuple[str, str]]:
        copy = world.copy(case.path, folder)
        return copy.name, _outcome(copy, layer, course)

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(pool.map(grade, [c for c in _cases(UNGATED) if c.runs_on(layer)]))
    return Batch(results, used is not launch.Isolation.BWRAP, used.value)


def _run_warm(world: World, layer: str, used: launch.Isolation) -> Batch:
    """Each case, then the sentinel, on one warm zygote, bypassing the gate as `_run_ungated`."""
    folder = world.root / f"warm-{layer}"
    course = catalogue.load_catalogue([FIXTURE_COURSE])
    drills = [course.get(name) for name in ("fx-double", "fx-pick", "fx-pair", "fx-np-square")]
    sentinel = world.copy(SENTINEL, folder / "sentinel")
    results: dict[str, tuple[str, str]] = {}
    with warm_pool(drills, None if layer == "default" else layer, 1) as pool:
        for case in [c for c in _cases(UNGATED) if c.runs_on(layer)]:
            copy = world.copy(case.path, folder)
            results[copy.name] = _outcome(copy, layer, course, pool.run)
            results[f"after {copy.name}"] = _outcome(sentinel, layer, course, pool.run)
        lost = [worker.problem for worker in pool.workers if worker.problem]
    return Batch(results, used is not launch.Isolation.BWRAP, used.value, problems=lost)


def _needs(case: Case) -> None:
    need = case.headers.get("needs")
    if need == "cgroup" and cgroup.unavailable():
        pytest.skip("no writable cgroup v1 memory hierarchy: shared memory escapes RLIMIT_DATA")
    if need == "no-cuda":
        import torch

        if torch.cuda.is_available():
            pytest.skip("a CUDA device is present: .cuda() works here")


@pytest.mark.slow
@pytest.mark.sandbox
@pytest.mark.parametrize(("kind", "layer", "case"), _params())
def test_case(kind: str, layer: str, case: Case, batches: dict[tuple[str, str], Batch], world: World) -> None:
    """The verdict and message the case file states; on a warm zygote, the next file is untouched
    by it too."""
    batch = _batch(batches, world, kind, layer)
    _needs(case)
    verdict, message = batch.results[case.path.name]
    want, words = case.expected(batch.guarded, batch.layer)
    assert verdict == want, message
    assert message and "\n" not in message and "Traceback" not in message
    if words:
        assert words in message
    if kind == "warm":
        assert batch.results[f"after {case.path.name}"] == ("pass", PASS_MESSAGE), case.path.name


@pytest.mark.slow
@pytest.mark.sandbox
@pytest.mark.xdist_group("corpus-gated-default")
@pytest.mark.parametrize("name", sorted(RUNTIME_CASES))
def test_special_path(name: str, batches: dict[tuple[str, str], Batch], world: World) -> None:
    _, verdict, words = RUNTIME_CASES[name]
    got, message = _batch(batches, world, "gated", "default").results[name]
    assert (got, "\n" in message) == (verdict, False), message
    assert words in message


@pytest.mark.slow
@pytest.mark.sandbox
@pytest.mark.parametrize(("kind", "layer"), [pytest.param(*batch, marks=_group(*batch)) for batch in BATCHES])
def test_the_run_left_the_machine_as_it_was(
    kind: str, layer: str, batches: dict[tuple[str, str], Batch], world: World
) -> None:
    batch = _batch(batches, world, kind, layer)
    assert batch.problems == []
    assert "Traceback (most recent call last)" not in batch.vecdrill_stderr


def test_every_case_states_its_drill_and_verdict() -> None:
    verdicts = {verdict.value for verdict in Verdict}
    cases = _cases(GATED) + _cases(UNGATED)
    assert len(cases) + len(RUNTIME_CASES) >= 45
    for case in cases:
        assert case.headers["vecdrill"] in {"fx-double", "fx-pick", "fx-pair", "fx-np-square"}
        assert {case.headers["expect"], case.headers.get("expect-guarded", "pass")} <= verdicts
    assert {case.headers["expect"] for case in cases} == verdicts


def test_resolving_a_files_names_imports_nothing_it_did_not_ask_for() -> None:
    """The child resolves each library name before the file runs, comparing it with the objects
    behind the off-limits names; reading those through numpy's lazy `__getattr__` imported
    numpy.f2py and its kin in every warm check (23 ms each), modules no file had named."""
    code = (
        "import sys, numpy, torch\n"
        "from vecdrill import wire\n"
        "from vecdrill.child import resolve\n"
        "before = set(sys.modules)\n"
        "resolve.check_names([wire.NameUse('torch.gather', 1, 0), wire.NameUse('numpy.sum', 2, 0)], [])\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    done = run_python(code)
    assert done.stdout.strip() == "[]", done.stderr
