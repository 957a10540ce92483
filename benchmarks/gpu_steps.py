"""The steps of benchmarks/gpu_check.sh that measure, each writing its summary line the moment a
result exists, so a step stopped at its time limit keeps everything it measured.

    python benchmarks/gpu_steps.py learner SUMMARY OUT_JSON DEVICE...
    python benchmarks/gpu_steps.py speedups SUMMARY OUT_JSONL DEVICE RUNS DRILL...
    python benchmarks/gpu_steps.py watch SUMMARY OUT_JSON DEVICE

`learner` checks tests/cuda_files with the command line on each device and compares each verdict
with the one its header wants; `speedups` checks drills' reference solutions RUNS times each on
DEVICE with timing, one warm worker serving them all (a fork and a CUDA context per check, not an
interpreter); `watch` times a warm worker's save-to-verdict. SIGTERM (the script's `timeout`)
ends every child as it ends vecdrill's own command line (`sandbox.stopping`).
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from vecdrill.checking.pipeline import CheckOptions, check
from vecdrill.checking.submission import read_source
from vecdrill.content.catalogue import load_catalogue
from vecdrill.result import units
from vecdrill.result.model import FileResult, to_json
from vecdrill.sandbox import stopping
from vecdrill.sandbox.warm import WarmWorker

REPO = Path(__file__).resolve().parent.parent
CUDA_FILES = sorted((REPO / "tests" / "cuda_files").glob("*.py"))


def said(summary: Path, line: str) -> None:
    """One line into the summary now (and on stdout, which the script logs)."""
    with summary.open("a", encoding="utf-8") as stream:
        stream.write(line + "\n")
    print(line, flush=True)


def learner(summary: Path, out: Path, devices: list[str]) -> int:
    wrong, found = 0, {}
    for device in devices:
        command = [sys.executable, "-m", "vecdrill", "check", *map(str, CUDA_FILES), "--device", device]
        command += ["--no-bench", "--json", "--jobs", "5", "--drills", str(REPO / "tests" / "fixture_course")]
        done = subprocess.run(command, capture_output=True, text=True, cwd=REPO, check=False)
        try:
            results = {Path(r["file"]).stem: r for r in json.loads(done.stdout)["results"]}
        except ValueError:
            said(summary, f"  {device}: no JSON from vecdrill check: {done.stderr.strip()[-300:]}")
            wrong += 1
            continue
        found[device] = results
        out.write_text(json.dumps(found, indent=1), encoding="utf-8")
        for path in CUDA_FILES:
            want = dict(re.findall(r"^# (cpu|cuda|all): (\S+)$", path.read_text(), re.MULTILINE))[device]
            result = results.get(path.stem, {"verdict": "none", "message": "no result", "devices": []})
            each = ", ".join(f"{d['device']} {d['verdict']}" for d in result["devices"])
            mark = "" if result["verdict"] == want else f" (WANTED {want})"
            wrong += result["verdict"] != want
            said(
                summary,
                f"  {device} {path.stem}: {result['verdict']} [{each}]{mark}: {result['message'][:160]}",
            )
    return wrong


def speedups(summary: Path, out: Path, device: str, runs: int, drills: list[str]) -> int:
    catalogue, problems = load_catalogue(), 0
    with WarmWorker() as worker:
        for drill in drills:
            path = REPO / "drills" / "core" / drill / "solution.py"
            for run in range(1, runs + 1):
                started = time.perf_counter()
                result = check(
                    read_source(path), catalogue, CheckOptions(drill_id=drill, device=device), worker.run
                )
                record = _speedup_record(result, device)
                record.update(drill=drill, run=run, seconds=time.perf_counter() - started)
                with out.open("a", encoding="utf-8") as stream:
                    stream.write(json.dumps(record) + "\n")
                said(summary, f"  {drill} run {run}: {_speedup_words(record)}")
                problems += record["verdict"] != "pass"
    return problems


def _speedup_record(result: FileResult, device: str) -> dict[str, Any]:
    (document,) = to_json([result])["results"]
    timing = next((d["timing"] for d in document["devices"] if d["device"] == device), None)
    return {"verdict": document["verdict"], "message": document["message"], "timing": timing}


def _speedup_words(record: dict[str, Any]) -> str:
    timing = record["timing"]
    if record["verdict"] != "pass" or not timing:
        return f"{record['verdict']}: {record['message'][:200]}"
    words = (
        f"{units.speedup(timing['speedup'])} (loop {units.seconds(timing['loop_seconds'])}, "
        f"yours {units.seconds(timing['solution_seconds'])}; check {record['seconds']:.1f} s)"
    )
    figure = timing.get("efficiency")
    if figure:
        unit = "B/s" if figure["bound"] == "memory" else "FLOP/s"
        words += (
            f"; {units.percent(figure['fraction'])} of {units.si(figure['ceiling'], unit)} "
            f"({figure['ceiling_source']}){'; LAUNCH-BOUND' if figure['launch_bound'] else ''}"
        )
    return words


def watch(summary: Path, out: Path, device: str) -> int:
    catalogue, path = load_catalogue(), REPO / "drills" / "core" / "relu-where" / "solution.py"
    options = CheckOptions(drill_id="relu-where", device=device, bench=False)
    seconds, verdicts = [], []
    with WarmWorker() as worker:
        for index in range(6):
            started = time.perf_counter()
            verdicts.append(check(read_source(path), catalogue, options, runner=worker.run).verdict.value)
            seconds.append(time.perf_counter() - started)
            said(summary, f"  warm check {index + 1}: {verdicts[-1]} in {seconds[-1]:.2f} s")
        facts = {"seconds": seconds, "verdicts": verdicts, "problem": worker.problem}
    out.write_text(json.dumps(facts), encoding="utf-8")
    median = statistics.median(seconds[1:]) if len(seconds) > 1 else seconds[0]
    said(summary, f"  warm: first {seconds[0]:.2f} s, then median {median:.2f} s; problem: {worker.problem}")
    return sum(verdict != "pass" for verdict in verdicts)


def main() -> None:
    stopping.install()  # the script's `timeout` sends SIGTERM: end every child, then stop
    step, summary, out, *rest = sys.argv[1:]
    if step == "speedups":
        code = speedups(Path(summary), Path(out), rest[0], int(rest[1]), rest[2:])
    elif step == "learner":
        code = learner(Path(summary), Path(out), rest)
    else:
        code = watch(Path(summary), Path(out), rest[0])
    sys.exit(min(code, 100))


if __name__ == "__main__":
    main()
