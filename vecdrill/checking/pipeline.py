"""Check one learner file against its drill: read it, gate it, plan the cases, run it, judge the run.

The order matters: nothing executes when the gate finds something; the sandboxed child starts before
the parent imports torch, so their start-up overlaps on a second core; the reference loop runs (or
comes from the cache, `expected`) in parallel with the child; `verdicts` judges what came back.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace

from vecdrill import wire
from vecdrill.checking import device_retry, devices, expected, locks, machine, plan, verdicts
from vecdrill.checking.plan import CheckOptions
from vecdrill.checking.submission import Source, Unreadable, resolve_drill
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill
from vecdrill.errors import VecdrillError
from vecdrill.gate import scan
from vecdrill.messages import Authored, message
from vecdrill.result.model import FileResult, Finding, Verdict
from vecdrill.sandbox import launch
from vecdrill.sandbox.launch import Runner

__all__ = ["CheckOptions", "Runner", "check", "check_past_gate"]

# Which finding a check names first: a syntax error, a banned call or escape hatch, a loop, then a
# drill's own rules (its allow-list, line and column limits, helpers), which a loop breaks on the
# way (a comprehension calls torch.stack, a while loop spans lines): the loop is the lesson.
_FINDING_ORDER = {"syntax": 0, "forbidden": 1, "loop": 2}
_DRILL_RULES = frozenset({"F010", "F011", "F012", "F013"})


def _rank(finding: Finding) -> tuple[int, int, int]:
    kind = 3 if finding.code in _DRILL_RULES else _FINDING_ORDER.get(finding.kind, 4)
    return kind, finding.line, finding.col


def check(
    read: Source | Unreadable,
    catalogue: Catalogue,
    options: CheckOptions,
    runner: Runner = launch.run_sandboxed,
) -> FileResult:
    """Check a solution as read once (`submission.read_source`, or a notebook cell's text as a
    `Source` of its own): its drill, the gate, then the sandbox; these bytes and no others."""
    started = time.perf_counter()
    if isinstance(read, Unreadable):
        drill = resolve_drill(read, catalogue, options.drill_id) if options.drill_id else None
        return FileResult(str(read.path), drill.id if drill else None, Verdict.SYNTAX, read.message)
    path, source = read.path, read.data
    drill = resolve_drill(read, catalogue, options.drill_id)
    scanned = scan.examine(source, scan.GateRules.for_drill(drill))
    findings = scanned.findings
    if findings:
        first = min(findings, key=_rank)
        where = {"path": str(path), "line": first.line, "col": first.col}
        said = message("verdict", "finding", message=first.message, **where)
        result = FileResult(str(path), drill.id, Verdict(first.kind), said, findings=tuple(findings))
    else:
        result = check_past_gate(read, drill, options, runner, names=scanned.names)
    return replace(result, seconds=time.perf_counter() - started)


def check_past_gate(
    source: Source,
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
    planned = plan.make(drill, targets, options, cases)
    first = _attempt(source, planned, runner, isolation, resolve)
    lost = device_retry.lost_device(first, targets) if options.cpu_fallback else None
    if lost is None and first.reference_error is not None:
        raise first.reference_error
    if lost is None:
        assert first.result is not None
        result = first.result
    else:
        again = _attempt(source, planned.on_cpu(), runner, isolation, resolve)
        assert again.result is not None  # on one device, the loop's failure is raised
        result = device_retry.merge(first, again.result, lost)
    notes = list(result.notes)
    if drill.library == "numpy" and options.device == "cuda":
        notes.append(message("note", "numpy_cpu_only"))
    elif "cuda" not in targets:
        notes.append(message("note", "cpu_only"))
    if options.bench and not drill.benchmark:
        notes.append(message("note", "not_timed", reason=Authored(drill.benchmark_reason)))
    if fallback := isolation.fallback_note():
        notes.append(fallback)
    return replace(result, isolation=isolation.layer.value, notes=tuple(notes), source=source.data)


def _attempt(
    source: Source,
    planned: plan.Plan,
    runner: Runner,
    isolation: launch.IsolationReport,
    names: list[wire.NameUse],
) -> verdicts.Attempt:
    """One sandboxed run of the solution on the plan's devices, judged against the loop's answers."""
    drill, cases, sol_bench = planned.drill, planned.cases, planned.solution_bench
    request = planned.run_request(source.data, str(source.path), isolation, names)
    with ThreadPoolExecutor(max_workers=1) as pool:
        answers: Future[dict[str, expected.Piece]] = pool.submit(
            expected.gather,
            drill,
            cases,
            probe=planned.probe,
            bench=planned.loop_bench,
            timeout=planned.reference_timeout,
            helpers=planned.helpers,
        )
        # after the loop's answers, in the same thread: measured once per machine, in quiet
        ceilings = pool.submit(machine.ceilings, planned.targets) if sol_bench else None
        with locks.for_run({c.device for c in cases}, {spec["device"] for spec in sol_bench}):
            run = runner(request)
        try:
            pieces = answers.result()
        except VecdrillError as exc:  # the loop could not run (on CUDA, say): the caller decides
            if len(planned.targets) < 2:
                raise
            return verdicts.Attempt(run, None, reference_error=exc)
        limits_of = ceilings.result() if ceilings is not None else {}
    return verdicts.judge_run(
        drill,
        run,
        cases,
        pieces,
        request.limits.wall_seconds,
        limits_of,
        probe=planned.probe,
        file=str(source.path),
    )
