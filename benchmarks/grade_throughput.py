"""Batch throughput: wall time per file of `vecdrill check --jobs 2` (warm workers) and of `vecdrill
grade` (every file checked, then every result from its cache) over a class of mixed files, as a
ratio to `python -c "import torch"` measured in the same run.

    python benchmarks/grade_throughput.py [--drills 20] [--rounds 3] > benchmarks/grade_throughput.md

The class: 2 students x 20 built-in drills = 40 files, each drill once correct (its reference
solution) and once either looping (its reference loop) or wrong (returns its first input). The
reference loops' outputs (and, for the timed rows, their timings) are cached by a first run, as they
are after a class's first submission of each drill. Rounds alternate `import torch` with each
command, so a drifting machine moves both sides. Goal (issue #18): `check --jobs 2 --no-bench`
<= 0.1x `import torch` per file.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

from common import DRILLS, check_json, load_note, log, timed, vecdrill

GOAL = 0.1
JOBS = "2"
GOAL_FOR = {f"check --jobs {JOBS} --no-bench"}


def make_class(root: Path, drill_ids: list[str]) -> list[Path]:
    """Two students' folders, one file per drill (named after it), in the mix described above."""
    files = []
    for index, drill_id in enumerate(drill_ids):
        folder = DRILLS / drill_id
        solution = (folder / "solution.py").read_text(encoding="utf-8")
        other = (folder / "loop.py").read_text(encoding="utf-8") if index % 2 else _wrong(solution, drill_id)
        for student, text in (("ada", solution), ("bob", other)):
            path = root / student / f"{drill_id}.py"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"# vecdrill: {drill_id}\n{text}", encoding="utf-8")
            files.append(path)
    return files


def _wrong(solution: str, drill_id: str) -> str:
    """A function with the drill's signature that returns its first input: always a wrong answer."""
    name = drill_id.replace("-", "_")
    function = next(
        node
        for node in ast.walk(ast.parse(solution))
        if isinstance(node, ast.FunctionDef) and node.name == name
    )
    params = [arg.arg for arg in function.args.args]
    return f"def {name}({', '.join(params)}):\n    return {params[0]}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drills", type=int, default=20, help="how many built-in drills")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    drill_ids = sorted(p.name for p in DRILLS.iterdir() if (p / "drill.toml").exists())[: args.drills]
    baseline = [sys.executable, "-c", "import torch"]
    with tempfile.TemporaryDirectory() as home:
        env = {"VECDRILL_HOME": home, "VECDRILL_CACHE_DIR": f"{home}/cache"}
        files = [str(f) for f in make_class(Path(home) / "class", drill_ids)]
        cpu = ("--device", "cpu", "--jobs", JOBS)
        grade = ("grade", f"{home}/class", *cpu, "--no-bench", "--out", f"{home}/book")
        commands = {
            f"check --jobs {JOBS} --no-bench": vecdrill("check", *files, *cpu, "--no-bench"),
            f"check --jobs {JOBS} (with timing)": vecdrill("check", *files, *cpu),
            f"grade --jobs {JOBS} --no-bench": vecdrill(*grade),
            f"grade --jobs {JOBS} --no-bench, nothing changed": vecdrill(*grade),
        }
        fresh = {f"grade --jobs {JOBS} --no-bench"}  # its earlier results are forgotten first
        log(f"{len(files)} files over {len(drill_ids)} drills; filling the reference cache")
        for command in list(commands.values())[:2]:
            timed(command, env)
        torch_walls: list[float] = []
        walls: dict[str, list[float]] = {name: [] for name in commands}
        ratios: dict[str, list[float]] = {name: [] for name in commands}
        for round_index in range(args.rounds):
            for name, command in commands.items():
                if name in fresh:
                    shutil.rmtree(Path(home) / "cache" / "grades", ignore_errors=True)
                torch_walls.append(timed(baseline, env)[0])
                walls[name].append(timed(command, env)[0])
                ratios[name].append(walls[name][-1] / len(files) / torch_walls[-1])
                log(f"  round {round_index + 1}: {name}: {walls[name][-1]:.2f} s ({torch_walls[-1]:.2f} s)")
        verdicts = Counter(r["verdict"] for r in check_json(files, env, "--jobs", JOBS, "--no-bench"))
    print(
        f"| command ({len(files)} files, {len(drill_ids)} drills) | wall (median of {args.rounds}) "
        "| per file "
        f"| per file / `import torch` (median of {args.rounds} paired ratios) | range | goal |"
    )
    print("|---|---:|---:|---:|---:|---|")
    for name, measured in walls.items():
        wall, ratio = statistics.median(measured), statistics.median(ratios[name])
        goal = f"<= {GOAL} (" + ("met" if ratio <= GOAL else "**missed**") + ")" if name in GOAL_FOR else ""
        print(
            f"| `vecdrill {name}` | {wall:.2f} s | {wall / len(files):.3f} s | **{ratio:.3f}** "
            f"| {min(ratios[name]):.3f}-{max(ratios[name]):.3f} | {goal} |"
        )
    torch_wall = statistics.median(torch_walls)
    print(f'\n`python -c "import torch"`: {torch_wall:.2f} s (median of {len(torch_walls)}).')
    print(f"Verdicts of the 40 files: {', '.join(f'{v} {n}' for v, n in sorted(verdicts.items()))}.")
    print(load_note())


if __name__ == "__main__":
    main()
