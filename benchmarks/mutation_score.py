"""The mutation score of the built-in catalogue: how many near misses of each reference solution
its cases reject (authoring/mutation.py; the same run as `vecdrill dev check`'s mutation testing).

Per drill: the mutants generated, those its cases kill, those equivalent to the loop on the battery
(not counted), the survivors and how many of them the drill's `[mutation] survivors` explains, the
score and the wall time. Then the pack's score, and every survivor with its explanation or the
weak-cases sentence. Runs in a fresh VECDRILL_HOME, so every loop answer is computed now, as on a
fresh clone (`--keep-cache` uses yours):

    python benchmarks/mutation_score.py > benchmarks/mutation_score.md

Goal (issue #14): the catalogue kills at least 95% of its non-equivalent mutants.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time

import torch
from common import load_note, log

from vecdrill.authoring import mutation
from vecdrill.content.catalogue import builtin_packs, load_catalogue

GOAL = 0.95


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=2, help="warm workers (default 2)")
    parser.add_argument("--drill", action="append", default=[], help="only these drills (repeatable)")
    parser.add_argument("--keep-cache", action="store_true", help="use your VECDRILL_HOME's cache")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        if not args.keep_cache:
            os.environ["VECDRILL_HOME"] = home
            os.environ.pop("VECDRILL_CACHE_DIR", None)
        catalogue = load_catalogue()
        packs = [p.resolve() for p in builtin_packs()]
        drills = [d for d in catalogue.ordered() if d.folder.parent in packs]
        if args.drill:
            drills = [catalogue.get(i) for i in args.drill]
        log(f"mutation-testing {len(drills)} drills with {args.jobs} warm workers (minutes)")
        started = time.perf_counter()
        scores = mutation.mutation_test(
            drills, catalogue, jobs=args.jobs, progress=lambda s: log(s.line().text("en"))
        )
        wall = time.perf_counter() - started
    print(report(scores, wall))


def report(scores: list[mutation.DrillScore], wall: float) -> str:
    killed, counted = mutation.pack_score(scores)
    score = killed / counted if counted else 1.0
    explained = sum(s.explained() for s in scores)
    weak = [s for s in scores if not s.skipped and s.weakly_tested]
    lines = [
        "# Mutation score of the built-in catalogue",
        "",
        f"CPU: {platform.machine()}, torch {torch.__version__}, Python {platform.python_version()}; "
        f"{sys.argv[0]} in {wall:.0f} s.",
        "",
        "| drill | mutants | killed | equivalent | stopped by the gate | survived | explained | score "
        "| seconds |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for s in scores:
        shown = f"weak ({s.counted})" if s.weakly_tested else f"{s.score:.0%}"
        lines.append(
            f"| {s.drill.id} | {s.mutants} | {s.killed} | {s.equivalent} | {s.gated} | {len(s.survivors)} | "
            f"{s.explained()} | {shown} | {s.seconds:.1f} |"
        )
    met = "met" if score >= GOAL else "**not met**"
    lines += [
        f"| **pack** | {sum(s.mutants for s in scores)} | {killed} | {sum(s.equivalent for s in scores)} | "
        f"{sum(s.gated for s in scores)} | "
        f"{sum(len(s.survivors) for s in scores)} | {explained} | **{score:.1%}** | {wall:.0f} |",
        "",
        f"The catalogue kills {killed} of its {counted} non-equivalent mutants ({score:.1%}; goal "
        f"{GOAL:.0%}: {met}). {len(weak)} drills are weakly tested, with fewer than "
        f'{mutation.FEW_MUTANTS} non-equivalent mutants ("weak (n)" above), so their score says '
        f"little; {sum(1 for s in weak if not s.drill.few_mutants)} of them state no reason.",
        "",
        load_note(),
    ]
    if weak:
        lines += ["", "## Weakly tested drills, and why (`[mutation] few_mutants`)", ""]
        lines += [
            f"- {s.drill.id} ({s.counted}): {s.drill.few_mutants or '**no reason stated**'}" for s in weak
        ]
    survivors = [(s, v) for s in scores for v in s.survivors]
    problems = [s for s in scores if s.problem or s.skipped]
    if survivors:
        lines += ["", "## Survivors", ""]
        for s, v in survivors:
            why = s.why(v)
            said = f"explained: {why}" if why else f"**not explained**: {v.found}"
            lines.append(f"- {s.drill.id} `{v.mutant.id}` (`{v.mutant.diff}`): {said}")
    lines += ["", "## Equivalent mutants (not counted)", ""]
    lines += [f"- {s.drill.id} `{m.diff}`" for s in scores for m in s.equivalents]
    if problems:
        lines += ["", "## Not mutation-tested in full", ""]
        lines += [f"- {s.drill.id}: {s.skipped or s.problem}" for s in problems]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
