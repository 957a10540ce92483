"""Every drill's reference speedup on the CPU at its benchmark size, as `vecdrill check --json`
reports it for the drill's own solution.py, against the goal of 10x and the drill's
`speedup_floor`. A drill whose floor is below 10x quotes its reason from the first sentence of the
"When a loop is fine" section of its explain.md.

Runs in a fresh VECDRILL_HOME, so the loops are timed now, not taken from an older cache:

    python benchmarks/speedup_table.py > benchmarks/speedup_table.md
"""

from __future__ import annotations

import platform
import re
import sys
import tempfile

import torch
from common import DRILLS, check_json, cpu_timing, duration, load_note, log, speedup

from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import Drill

GOAL = 10.0


def reason(drill: Drill) -> str:
    text = drill.file("explain.md").read_text(encoding="utf-8")
    section = re.search(r"^## When a loop is fine\s*\n(.+?)(?:\n## |\Z)", text, re.S | re.M)
    if section is None:
        return "(explain.md gives no reason)"
    first = re.split(r"(?<=[.!?])\s", " ".join(section.group(1).split()), maxsplit=1)[0]
    return first.replace("|", "\\|")


def main() -> None:
    drills = [d for d in load_catalogue().ordered() if d.folder.parent == DRILLS.resolve()]
    files = [str(d.file("solution.py")) for d in drills]
    log(f"checking {len(files)} reference solutions (the loops are timed now; minutes)")
    with tempfile.TemporaryDirectory() as home:
        results = check_json(files, {"VECDRILL_HOME": home, "VECDRILL_CACHE_DIR": f"{home}/c"})
    print(
        f"CPU: {platform.processor() or platform.machine()}, torch {torch.__version__}, "
        f"Python {sys.version.split()[0]}, 1 thread. Times: quietest blocks; the range pairs "
        "each side's quietest block with the other's median block.\n"
    )
    print(
        "| drill | library | bench size | loop | solution | speedup (range) | floor | "
        "meets floor | meets 10x | why not |"
    )
    print("|---|---|---|---:|---:|---:|---:|---|---|---|")
    below = 0
    for drill, result in zip(drills, results, strict=True):
        timing = cpu_timing(result)
        size = ", ".join(f"{k}={v}" for k, v in drill.bench.items())
        if result["verdict"] != "pass" or timing is None:
            print(
                f"| {drill.id} | {drill.library} | {size} | | | {result['verdict']} | | | | "
                f"{result['message'][:120]} |"
            )
            continue
        value = timing["speedup"]
        met = value >= GOAL
        below += not met
        why = (
            ""
            if met
            else (
                reason(drill)
                if drill.speedup_floor < GOAL
                else "**floor is 10x: a regression to investigate**"
            )
        )
        print(
            f"| {drill.id} | {drill.library} | {size} | {duration(timing['loop_seconds'])} | "
            f"{duration(timing['solution_seconds'])} | **{speedup(value)}** "
            f"({speedup(timing['speedup_low'])}-{speedup(timing['speedup_high'])}) | "
            f"{drill.speedup_floor:g}x | {_yes(value >= drill.speedup_floor)} | {_yes(met)} | "
            f"{why} |"
        )
    print(f"\n{len(drills) - below} of {len(drills)} drills reach 10x.")
    print(f"\n{load_note()}")


def _yes(flag: bool) -> str:
    return "yes" if flag else "**no**"


if __name__ == "__main__":
    main()
