"""`vecdrill dev check`: validate a drill pack before learners meet it.

It enforces every authoring rule with one message per problem, naming the file and the
fix: the manifest loads, the loop really loops, the starter does not pass, the reference solution
passes the same check a learner's file gets, both explanations say something, and (with timing)
the loop's benchmark time and the reference speedup hold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from vecdrill.check.pipeline import CheckOptions, check_file
from vecdrill.content.catalogue import Catalogue, load_catalogue
from vecdrill.content.drill import Drill
from vecdrill.gate import scan
from vecdrill.report.model import FileResult

LOOP_SECONDS = (0.1, 1.0)
MIN_EXPLANATION_WORDS = 80
EXPLANATION_SECTIONS = 4  # why slow, the technique, pitfalls, when a loop is fine


@dataclass(frozen=True)
class Problem:
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def dev_check(
    packs: list[Path], *, bench: bool, jobs: int = 2, device: str = "all"
) -> tuple[int, list[Problem]]:
    """Check every drill in `packs` (the built-in catalogue when empty) on `device` (cpu, cuda,
    all); (drills, problems)."""
    from concurrent.futures import ThreadPoolExecutor

    catalogue = _only(packs) if packs else load_catalogue()
    problems = [Problem(p.where, p.problem) for p in catalogue.problems]
    drills = catalogue.ordered()
    options = CheckOptions(drill_id=None, bench=bench, device=device)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for found in pool.map(lambda d: _check_drill(d, catalogue, options), drills):
            problems.extend(found)
    return len(drills), problems


def _only(packs: list[Path]) -> Catalogue:
    """The given packs without the built-in catalogue (unless a pack is the built-in one)."""
    full = load_catalogue(packs)
    roots = [p.resolve() for p in packs]
    full.drills = {
        k: d for k, d in full.drills.items() if any(d.folder == r or d.folder.parent == r for r in roots)
    }
    return full


def _check_drill(drill: Drill, catalogue: Catalogue, options: CheckOptions) -> list[Problem]:
    problems = _static_problems(drill)
    solution = _run(drill, "solution.py", catalogue, options)
    if not solution.verdict.passed:
        problems.append(
            Problem(
                str(drill.file("solution.py")),
                f"the reference solution does not pass its own check: {solution.message}",
            )
        )
    elif options.bench:
        problems.extend(_timing_problems(drill, solution))
    starter = _run(
        drill, "starter.py", catalogue, CheckOptions(drill_id=drill.id, bench=False, device=options.device)
    )
    if starter.verdict.passed:
        problems.append(
            Problem(
                str(drill.file("starter.py")),
                "the starter already passes; leave the computation as a TODO that raises NotImplementedError",
            )
        )
    return problems


def _run(drill: Drill, name: str, catalogue: Catalogue, options: CheckOptions) -> FileResult:
    return check_file(
        drill.file(name),
        catalogue,
        CheckOptions(drill_id=drill.id, bench=options.bench, seed=options.seed, device=options.device),
    )


def _static_problems(drill: Drill) -> list[Problem]:
    problems = []
    loop_file = drill.file("loop.py")
    rules = scan.GateRules(drill.library, drill.function, drill.banned, drill.allowed_imports)
    if not any(f.kind == "loop" for f in scan.scan(loop_file.read_bytes(), rules)):
        problems.append(
            Problem(
                str(loop_file),
                "the reference loop contains no Python-level loop; a drill teaches replacing one",
            )
        )
    for name in ("drill.toml", "loop.py", "solution.py", "explain.md", "explain.zh.md"):
        if "TODO" in drill.file(name).read_text(encoding="utf-8"):
            problems.append(Problem(str(drill.file(name)), "still contains TODO; fill it in"))
    for name in ("explain.md", "explain.zh.md"):
        text = drill.file(name).read_text(encoding="utf-8")
        sections = len(re.findall(r"^## ", text, flags=re.MULTILINE))
        size = len(text.split()) if name == "explain.md" else len(text) // 3
        if size < MIN_EXPLANATION_WORDS:
            problems.append(
                Problem(
                    str(drill.file(name)),
                    "the explanation is too short; say why "
                    "the loop is slow, the technique, its pitfalls and when a "
                    "loop is fine",
                )
            )
        elif sections < EXPLANATION_SECTIONS:
            problems.append(
                Problem(
                    str(drill.file(name)),
                    f"has {sections} '## ' sections; write "
                    f"{EXPLANATION_SECTIONS}: why the loop is slow, the technique, "
                    "pitfalls, when a loop is fine",
                )
            )
    return problems


def _timing_problems(drill: Drill, solution: FileResult) -> list[Problem]:
    problems = []
    where = str(drill.file("drill.toml"))
    for device in solution.devices:
        timing = device.timing
        if timing is None or device.device != "cpu":
            continue
        low, high = LOOP_SECONDS
        if not low <= timing.loop_seconds <= high:
            problems.append(
                Problem(
                    where,
                    f"the loop takes {timing.loop_seconds:.2f} s at the "
                    f"benchmark size; pick a bench size where it takes {low:g} "
                    f"to {high:g} s",
                )
            )
        if timing.speedup < drill.speedup_floor:
            problems.append(
                Problem(
                    where,
                    f"the reference speedup is {timing.speedup:.1f}x, "
                    f"below speedup_floor = {drill.speedup_floor:g}; speed up the "
                    "solution, or lower the floor and explain why",
                )
            )
    return problems
