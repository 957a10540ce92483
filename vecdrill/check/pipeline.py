"""Check one learner file against its drill: static gate, sandboxed run, comparison, timing.

The order matters: nothing executes when the gate finds something; the sandboxed child starts before
the parent imports torch, so their start-up overlaps on a second core; the reference loop runs (or
comes from the cache) in parallel with the child.
"""

from __future__ import annotations

import base64
import contextlib
import json
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vecdrill import paths
from vecdrill.check import devices
from vecdrill.check import expected as reference
from vecdrill.check import verdicts as judge
from vecdrill.check.compare import Tolerance
from vecdrill.check.expected import Case
from vecdrill.check.submission import Unreadable, read_source, resolve_drill
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill, Size
from vecdrill.gate import scan
from vecdrill.measure import ladder as scaling
from vecdrill.measure.speedup import timing_report
from vecdrill.report.model import DeviceResult, FileResult, Verdict
from vecdrill.sandbox import launch as sandbox

DEFAULT_SEED = 1234
BENCH_SEED_OFFSET = 99  # the benchmark inputs are drawn apart from every checked case's
SOLUTION_BENCH_BUDGET = 1.0  # a shorter window can fall inside one slow second of a shared CPU
LOOP_BENCH_BUDGET = 1.0
STEP_BUDGETS = {"solution": 0.05, "loop": 0.15}  # seconds per `--scaling` step below the bench
_FINDING_ORDER = {"syntax": 0, "forbidden": 1, "loop": 2}
ANSWER_FILES = ("solution.py", "explain.md", "explain.zh.md")  # hidden from the solution's process

# Runs the worker with a request and returns how it ended: `sandbox.run_sandboxed` for a fresh
# child per check, or a warm worker's equivalent (same signature) for watch mode.
Runner = Callable[..., sandbox.ChildRun]


@dataclass(frozen=True)
class CheckOptions:
    drill_id: str | None = None
    device: str = "all"  # "cpu", "cuda" or "all" (every available device)
    seed: int = DEFAULT_SEED
    bench: bool = True
    timeout: float | None = None
    isolation: str | None = None
    bench_budget: float = SOLUTION_BENCH_BUDGET  # seconds spent timing the solution per device
    scaling: bool = False  # also time both sides over a ladder of sizes up to the bench size


def check_file(
    path: Path, catalogue: Catalogue, options: CheckOptions, runner: Runner = sandbox.run_sandboxed
) -> FileResult:
    started = time.perf_counter()
    source = read_source(path)
    if isinstance(source, Unreadable):
        drill = resolve_drill(path, None, catalogue, options.drill_id) if options.drill_id else None
        return FileResult(str(path), drill.id if drill else None, Verdict.SYNTAX, source.message)
    drill = resolve_drill(path, source, catalogue, options.drill_id)
    result = _check_source(path, source, drill, options, runner)
    result.seconds = time.perf_counter() - started
    return result


def _check_source(
    path: Path, source: bytes, drill: Drill, options: CheckOptions, runner: Runner
) -> FileResult:
    rules = scan.GateRules(drill.library, drill.function, drill.banned, drill.allowed_imports)
    findings = scan.scan(source, rules)
    if findings:
        first = min(findings, key=lambda f: (_FINDING_ORDER.get(f.kind, 3), f.line, f.col))
        return FileResult(
            str(path),
            drill.id,
            Verdict(first.kind),
            f"{path}:{first.line}:{first.col} {first.message}",
            findings=findings,
        )
    return check_past_gate(path, source, drill, options, runner)


def check_past_gate(
    path: Path, source: bytes, drill: Drill, options: CheckOptions, runner: Runner = sandbox.run_sandboxed
) -> FileResult:
    """Run source that the static gate let through in the sandbox, and judge what it returns.
    The bad-input corpus calls this directly, to prove the sandbox on code the gate would stop."""
    isolation = sandbox.detect_isolation(options.isolation)
    targets = devices.select(options.device, drill.library)
    cases = build_cases(drill, targets, options.seed)
    probe = list(drill.probe or default_probe(drill))
    sol_bench = _bench_specs(drill, targets, options, probe, (options.bench_budget, STEP_BUDGETS["solution"]))
    ref_bench = _bench_specs(drill, targets, options, probe, (LOOP_BENCH_BUDGET, STEP_BUDGETS["loop"]))
    timeout = options.timeout or drill.timeout
    request = {
        "mode": "solution",
        "drill_folder": str(drill.folder),
        "function": drill.function,
        "source": base64.b64encode(source).decode(),
        "filename": str(path),
        "cases": [c.as_request() for c in cases],
        "grad": drill.grad,
        "probe": probe,
        "bench": sol_bench,
        "plain_mode": isolation.layer != sandbox.Isolation.BWRAP,
    }
    limits = sandbox.Limits(wall_seconds=timeout + options.bench_budget * 4 * len(sol_bench))
    with ThreadPoolExecutor(max_workers=1) as pool:
        expected: Future[dict[str, reference.Piece]] = pool.submit(
            reference.gather, drill, cases, probe=probe, bench=ref_bench, timeout=max(120.0, timeout * 6)
        )
        run = runner(
            ["-m", "vecdrill.child.worker"],
            json.dumps(request).encode(),
            limits=limits,
            isolation=isolation,
            readable_paths=[drill.folder],
            hidden_paths=answer_paths(drill),
        )
        pieces = expected.result()
    result = FileResult(
        str(path),
        drill.id,
        Verdict.PASS,
        "",
        stdout=run.stdout,
        stderr=run.stderr,
        isolation=isolation.layer.value,
    )
    _judge_run(result, drill, run, cases, pieces, limits.wall_seconds)
    if drill.library == "numpy" and options.device == "cuda":
        result.notes.append("numpy drills run on the CPU only")
    elif "cuda" not in targets:
        result.notes.append(devices.cpu_only_note())
    return result


def answer_paths(drill: Drill) -> dict[Path, Path | None]:
    """What the solution's process must not read, with what it finds there instead: the drill's
    answers (the starter stands in for the solution, so the worker still loads the drill), and
    vecdrill's state (the cache holds the loop's expected outputs). The state folders are made
    first, so that the sandbox can mask them before a check running in parallel fills them."""
    hidden: dict[Path, Path | None] = {drill.file(name): None for name in ANSWER_FILES}
    hidden[drill.file("solution.py")] = drill.file("starter.py")
    for folder in (paths.cache_dir(), paths.data_dir()):
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        hidden[folder] = None
    return hidden


def _judge_run(
    result: FileResult,
    drill: Drill,
    run: sandbox.ChildRun,
    cases: list[Case],
    pieces: dict[str, reference.Piece],
    limit: float,
) -> None:
    from vecdrill import wire

    ended = judge.process_outcome(run, limit)
    header: dict[str, Any] = {}
    tensors: dict[str, Any] = {}
    if ended is None:
        assert run.result is not None
        try:
            header, tensors = wire.decode(run.result)
        except wire.ProtocolError as exc:
            reason = str(exc).splitlines()[0].split(" (")[0]  # torch's own text spans lines
            ended = judge.Outcome(
                Verdict.CRASH,
                f"your solution's process sent a result "
                f"vecdrill could not read ({reason}); do not write to its fds",
            )
    ended = ended or judge.header_outcome(header)
    if ended is not None:
        result.verdict, result.message = ended.verdict, ended.message
        result.traceback = str(header.get("traceback") or "")
        return
    tol = Tolerance(drill.rtol, drill.atol)
    records = {r["id"]: r for r in header["cases"]}
    by_device: dict[str, list[Case]] = {}
    for case in cases:
        by_device.setdefault(case.device, []).append(case)
    for device, device_cases in by_device.items():
        outcome = DeviceResult(
            device, Verdict.PASS, f"{device}: matches the loop on {len(device_cases)} cases"
        )
        for case in device_cases:
            mismatch = judge.judge_case(case, pieces[case.id], records[case.id], tensors, tol)
            if mismatch:
                outcome.verdict, outcome.mismatch = Verdict.WRONG, mismatch
                outcome.message = judge.describe(mismatch, device)
                break
        result.devices.append(outcome)
    failed = next((d for d in result.devices if d.verdict is not Verdict.PASS), None)
    if failed:
        result.verdict, result.message = failed.verdict, failed.message
        return
    growth = judge.loop_growth(header.get("counts", {}), pieces["counts"].header["counts"])
    for device_result in result.devices:
        device_result.op_counts = header.get("counts", {})
    if growth:
        result.verdict, result.message = Verdict.LOOP, growth
        return
    timing_report(
        result, drill, header, tensors, pieces, tol, ops_size=(drill.probe or default_probe(drill))[0]
    )
    if result.verdict is Verdict.PASS:
        result.message = "your solution matches the loop on every case and is vectorized"


def build_cases(drill: Drill, targets: list[str], seed: int) -> list[Case]:
    """Every listed size at two seeds, plus non-contiguous inputs where the drill allows them."""
    cases = []
    for device in targets:
        for i, size in enumerate(drill.sizes):
            for offset in (0, 1):
                cases.append(Case(f"{device}:{i}:{offset}", device, size, seed + offset))
        if drill.noncontiguous:
            cases.append(Case(f"{device}:nc", device, drill.sizes[-1], seed + 2, True))
    return cases


def default_probe(drill: Drill) -> tuple[Size, Size]:
    """Without a declared probe: the largest check size, and every dimension of it times 8."""
    base = drill.sizes[-1]
    return base, {k: max(v, 1) * 8 for k, v in base.items()}


def _bench_specs(
    drill: Drill, targets: list[str], options: CheckOptions, probe: list[Size], budgets: tuple[float, float]
) -> list[dict[str, Any]]:
    """The benchmark size on each device, then (with --scaling) the ladder's smaller steps."""
    if not options.bench:
        return []
    steps = scaling.ladder(drill.bench, probe)[:-1] if options.scaling else []
    specs = []
    for d in targets:
        specs.append(
            {
                "name": f"bench:{d}",
                "device": d,
                "size": drill.bench,
                "seed": options.seed + BENCH_SEED_OFFSET,
                "budget": budgets[0],
                "keep_output": True,
            }
        )
        specs += [
            {
                "name": f"ladder:{d}:{i}",
                "device": d,
                "size": size,
                "seed": options.seed + BENCH_SEED_OFFSET,
                "budget": budgets[1],
            }
            for i, size in enumerate(steps)
        ]
    return specs
