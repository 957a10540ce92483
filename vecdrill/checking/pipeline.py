"""Check one learner file against its drill: read it, gate it, plan the cases, run it, judge the run.

The order matters: nothing executes when the gate finds something; the sandboxed child starts before
the parent imports torch, so their start-up overlaps on a second core; the reference loop runs (or
comes from the cache, `expected`) in parallel with the child; `verdicts` judges what came back.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from vecdrill import wire
from vecdrill.checking import device_retry, devices, expected, locks, machine, plan, verdicts
from vecdrill.checking.submission import Unreadable, read_source, resolve_drill
from vecdrill.content import drill_code
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.content.drill_code import helper_sources
from vecdrill.errors import VecdrillError
from vecdrill.gate import scan
from vecdrill.result.model import FileResult, Finding, Verdict
from vecdrill.sandbox import launch

# Which finding a check names first: a syntax error, a banned call or escape hatch, a loop, then a
# drill's own rules (its allow-list, line and column limits, helpers), which a loop breaks on the
# way (a comprehension calls torch.stack, a while loop spans lines): the loop is the lesson.
_FINDING_ORDER = {"syntax": 0, "forbidden": 1, "loop": 2}
_DRILL_RULES = frozenset({"F010", "F011", "F012", "F013"})


def _rank(finding: Finding) -> tuple[int, int, int]:
    kind = 3 if finding.code in _DRILL_RULES else _FINDING_ORDER.get(finding.kind, 4)
    return kind, finding.line, finding.col


# Runs the worker with a request and returns how it ended: `launch.run_sandboxed` for a fresh
# child per check, or a warm worker's equivalent (same signature) for watch mode.
Runner = Callable[..., launch.ChildRun]


@dataclass(frozen=True)
class CheckOptions:
    drill_id: str | None = None
    device: str = "all"  # "cpu", "cuda" or "all" (every available device)
    seed: int = plan.DEFAULT_SEED
    bench: bool = True
    timeout: float | None = None
    isolation: str | None = None
    bench_budget: float = plan.SOLUTION_BENCH_BUDGET  # seconds spent timing the solution per device
    scaling: bool = False  # also time both sides over a ladder of sizes up to the bench size
    # The benchmark size is a case of every verdict; `try` leaves it out of a save's first step
    # only, since a correct answer goes on at once to the second step, which checks it there.
    bench_size: bool = True
    # When CUDA's failure takes every verdict with it, check the CPU alone and keep its verdict
    # (`device_retry`); dev check turns this off, since a drill that fails on CUDA is its author's.
    cpu_fallback: bool = True


def _reference_timeout(drill: Drill, timeout: float) -> float:
    """The loop's own wall clock: slow by design, so generous (two minutes for the default 10 s
    drill timeout), yet short for a drill that declares a short timeout, so that an endless loop
    is told quickly."""
    return max(drill.timeout * 12, timeout * 6)


def check_file(
    path: Path, catalogue: Catalogue, options: CheckOptions, runner: Runner = launch.run_sandboxed
) -> FileResult:
    started = time.perf_counter()
    source = read_source(path)
    if isinstance(source, Unreadable):
        drill = resolve_drill(path, None, catalogue, options.drill_id) if options.drill_id else None
        return FileResult(str(path), drill.id if drill else None, Verdict.SYNTAX, source.message)
    return check_source(path, source, catalogue, options, runner, started=started)


def check_source(
    label: Path,
    source: bytes,
    catalogue: Catalogue,
    options: CheckOptions,
    runner: Runner = launch.run_sandboxed,
    *,
    started: float | None = None,
) -> FileResult:
    """Check source that was not read from a file (a notebook cell, a function's text) exactly as a
    file is checked: the same drill lookup, gate and sandbox. `label` names it in messages."""
    started = time.perf_counter() if started is None else started
    drill = resolve_drill(label, source, catalogue, options.drill_id)
    result = _check_source(label, source, drill, options, runner)
    result.seconds = time.perf_counter() - started
    return result


def _check_source(
    path: Path, source: bytes, drill: Drill, options: CheckOptions, runner: Runner
) -> FileResult:
    rules = scan.GateRules.for_drill(drill)
    scanned = scan.examine(source, rules)
    findings = scanned.findings
    if findings:
        first = min(findings, key=_rank)
        return FileResult(
            str(path),
            drill.id,
            Verdict(first.kind),
            f"{path}:{first.line}:{first.col} {first.message}",
            findings=findings,
        )
    return check_past_gate(path, source, drill, options, runner, names=scanned.names)


def check_past_gate(
    path: Path,
    source: bytes,
    drill: Drill,
    options: CheckOptions,
    runner: Runner = launch.run_sandboxed,
    cases: list[expected.Case] | None = None,
    names: dict[str, tuple[int, int]] | None = None,
) -> FileResult:
    """Run source that the static gate let through in the sandbox, and judge what it returns.
    The bad-input corpus calls this directly, to prove the sandbox on code the gate would stop
    (without `names`, the library names the gate found, nothing is resolved before the file runs);
    mutation testing passes `cases` of its own (a larger battery than a check's). When CUDA's
    failure took the CPU's verdict with it, the CPU is checked again alone (`device_retry`)."""
    isolation = launch.detect_isolation(options.isolation)
    targets = devices.select(options.device, drill.library)
    resolve = [wire.NameUse(dotted, *place) for dotted, place in sorted((names or {}).items())]
    first = _attempt(path, source, drill, options, runner, isolation, targets, cases, resolve)
    lost = device_retry.lost_device(first, targets) if options.cpu_fallback else None
    if lost is None and first.reference_error is not None:
        raise first.reference_error
    if lost is None:
        assert first.result is not None
        result = first.result
    else:
        cpu_cases = [case for case in cases if case.device == "cpu"] if cases is not None else None
        again = _attempt(path, source, drill, options, runner, isolation, ["cpu"], cpu_cases, resolve)
        assert again.result is not None  # on one device, the loop's failure is raised
        result = device_retry.merge(first, again.result, lost)
    if drill.library == "numpy" and options.device == "cuda":
        result.notes.append("numpy drills run on the CPU only")
    elif "cuda" not in targets:
        result.notes.append(devices.cpu_only_note())
    if options.bench and not drill.benchmark:
        result.notes.append(f"this drill is not timed: {drill.benchmark_reason}")
    if fallback := isolation.fallback_note():
        result.notes.append(fallback)
    return result


def _attempt(
    path: Path,
    source: bytes,
    drill: Drill,
    options: CheckOptions,
    runner: Runner,
    isolation: launch.IsolationReport,
    targets: list[str],
    cases: list[expected.Case] | None,
    names: list[wire.NameUse],
) -> device_retry.Attempt:
    """One sandboxed run of the solution on `targets`, judged against the loop's answers."""
    cases = (
        cases
        if cases is not None
        else plan.build_cases(drill, targets, options.seed, bench_size=options.bench_size)
    )
    probe = plan.probe_sizes(drill)
    sol_bench, ref_bench = (
        plan.benchmarks(drill, targets, options.seed, options.scaling, options.bench_budget)
        if options.bench and drill.benchmark
        else ([], [])
    )
    timeout = options.timeout or drill.timeout
    hidden = plan.secret_places(drill)
    given, code = drill_code.given(drill, answers=False)
    request = wire.WorkerRequest(
        mode="solution",
        drill=given,
        code=code,
        source=source,
        filename=str(path),
        cases=[wire.CaseRequest(**c.as_request()) for c in cases],
        grad=drill.grad,
        probe=probe,
        bench=[wire.BenchRequest(**spec) for spec in sol_bench],
        plain_mode=isolation.layer != launch.Isolation.BWRAP,
        hidden=[str(place) for place in hidden] if isolation.layer is launch.Isolation.PLAIN else [],
        probe_devices=plan.probe_devices(targets),
        helpers=helper_sources(drill),
        names=names,
    )
    limits = launch.Limits(wall_seconds=timeout + options.bench_budget * 4 * len(sol_bench))
    with ThreadPoolExecutor(max_workers=1) as pool:
        answers: Future[dict[str, expected.Piece]] = pool.submit(
            expected.gather,
            drill,
            cases,
            probe=probe,
            bench=ref_bench,
            timeout=_reference_timeout(drill, timeout),
        )
        # after the loop's answers, in the same thread: measured once per machine, in quiet
        ceilings = pool.submit(machine.ceilings, targets) if sol_bench else None
        with locks.for_run({c.device for c in cases}, {spec["device"] for spec in sol_bench}):
            run = runner(
                list(wire.WORKER_ARGS),
                wire.encode_request(request),
                limits=limits,
                isolation=isolation,
                hidden_paths=hidden,
            )
        try:
            pieces = answers.result()
        except VecdrillError as exc:  # the loop could not run (on CUDA, say): the caller decides
            if len(targets) < 2:
                raise
            return device_retry.Attempt(run, None, reference_error=exc)
        limits_of = ceilings.result() if ceilings is not None else {}
    result = FileResult(
        str(path),
        drill.id,
        Verdict.PASS,
        "",
        stdout=run.stdout,
        stderr=run.stderr,
        isolation=isolation.layer.value,
        source=source,
    )
    failed_on = verdicts.judge_run(result, drill, run, cases, pieces, limits.wall_seconds, limits_of)
    return device_retry.Attempt(run, result, failed_on=failed_on)
