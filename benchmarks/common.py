"""Helpers shared by the benchmark scripts: run vecdrill as a learner would, time whole processes.

Every script prints Markdown on stdout and progress on stderr, so `script.py > table.md` works.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vecdrill.result.units import seconds as duration  # noqa: F401 - figures as the report prints them
from vecdrill.result.units import speedup  # noqa: F401

REPO = Path(__file__).resolve().parent.parent
DRILLS = REPO / "drills" / "core"


def vecdrill(*args: str) -> list[str]:
    """The installed `vecdrill` script beside this Python, else `python -m vecdrill`."""
    script = Path(sys.executable).with_name("vecdrill")
    return [str(script), *args] if script.exists() else [sys.executable, "-m", "vecdrill", *args]


def run(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, **env},
        timeout=1800,
        check=False,
    )


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds, and CPU seconds (user + system) of the command's whole process tree."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = run(command, env)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def paired_ratios(
    a: list[str], b: list[str], env: dict[str, str], *, pairs: int, warmups: int = 2
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """(wall, CPU) of A and B run in strict alternation A B A B ...; warm-up pairs discarded."""
    times_a, times_b = [], []
    for index in range(warmups + pairs):
        ta, tb = timed(a, env), timed(b, env)
        if index >= warmups:
            times_a.append(ta)
            times_b.append(tb)
        log(f"  pair {index + 1}/{warmups + pairs}: {ta[0]:.3f} s / {tb[0]:.3f} s")
    return times_a, times_b


def ratio_summary(times_a: list[float], times_b: list[float]) -> tuple[float, float, float]:
    """Median, min and max of the per-pair ratios A/B."""
    ratios = [x / y for x, y in zip(times_a, times_b, strict=True)]
    return statistics.median(ratios), min(ratios), max(ratios)


def check_json(files: list[str], env: dict[str, str], *extra: str) -> list[dict[str, Any]]:
    """`vecdrill check --json` on the CPU, with a timeout a busy machine cannot trip."""
    done = run(vecdrill("check", *files, "--json", "--device", "cpu", "--timeout", "300", *extra), env)
    if not done.stdout.strip():
        raise SystemExit(f"vecdrill check printed no JSON ({done.returncode}):\n{done.stderr}")
    results: list[dict[str, Any]] = json.loads(done.stdout)["results"]
    return results


def cpu_timing(result: dict[str, Any]) -> dict[str, Any] | None:
    timing: dict[str, Any] | None = next(
        (d["timing"] for d in result["devices"] if d["device"] == "cpu"), None
    )
    return timing


def solution_window(drill_id: str) -> Callable[[float], list[float]]:
    """Time a drill's reference solution without vecdrill's harness, as vecdrill times it: one
    thread, the benchmark inputs, a fresh copy per call, the thread's CPU time. The returned
    function times calls for a budget of seconds (at least 3) and gives their times in order."""
    import torch

    from vecdrill.checking.plan import BENCH_SEED_OFFSET, DEFAULT_SEED
    from vecdrill.child.inputs import make_inputs
    from vecdrill.content.drill import load_drill
    from vecdrill.content.drill_code import module_from

    torch.set_num_threads(1)
    drill = load_drill(DRILLS / drill_id)
    inputs = make_inputs(drill, drill.bench, DEFAULT_SEED + BENCH_SEED_OFFSET)
    path = drill.file("solution.py")
    solution = getattr(module_from(path.read_bytes(), path), drill.function)

    def fresh() -> dict[str, Any]:
        return {
            k: v.clone() if isinstance(v, torch.Tensor) else v.copy() if hasattr(v, "copy") else v
            for k, v in inputs.items()
        }

    def window(budget: float) -> list[float]:
        solution(**fresh())  # warm-up, as vecdrill does
        calls: list[float] = []
        while sum(calls) < budget or len(calls) < 3:
            kwargs = fresh()
            start = time.thread_time()
            solution(**kwargs)
            calls.append(time.thread_time() - start)
        return calls

    return window


def load_note() -> str:
    """The machine's load while a table was measured: the context its numbers need."""
    one, five, _ = os.getloadavg()
    return f"{os.cpu_count()} CPUs; load average {one:.1f} (1 min), {five:.1f} (5 min) at the end"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
