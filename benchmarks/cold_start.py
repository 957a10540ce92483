"""Cold start of `vecdrill list` and `vecdrill check --no-bench`, as ratios to `python -c "import
torch"` measured in the same run: strict alternation A B A B, median of the per-pair ratios.

Goals: list <= 0.2, check <= 1.2. The check's reference outputs are cached by a first run, as
they are for a learner after their first check of a drill, and vecdrill's bytecode is compiled
first, as pip compiles it at install (and Python on first import, unless PYTHONDONTWRITEBYTECODE
is set, as on our build machines: there every run compiled vecdrill again, 0.1-0.2 s). The
CPU-time ratio (user + system of each whole process tree) tells a busy machine apart: the check
imports torch in two processes at once, which costs wall time only where no second core is free.

    python benchmarks/cold_start.py [--pairs 11] > benchmarks/cold_start.md
"""

from __future__ import annotations

import argparse
import compileall
import statistics
import sys
import tempfile
from importlib.util import find_spec
from pathlib import Path

from common import DRILLS, load_note, log, paired_ratios, ratio_summary, run, vecdrill

GOALS = {"list": 0.2, "check": 1.2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=11)
    parser.add_argument("--drill", default="relu-where")
    args = parser.parse_args()
    baseline = [sys.executable, "-c", "import torch"]
    solution = str(DRILLS / args.drill / "solution.py")
    commands = {
        "list": vecdrill("list"),
        "check": vecdrill("check", solution, "--no-bench", "--device", "cpu"),
    }
    installed = find_spec("vecdrill")
    assert installed is not None and installed.origin is not None
    compileall.compile_dir(Path(installed.origin).parent, quiet=1)
    rows = []
    with tempfile.TemporaryDirectory() as home:
        env = {"VECDRILL_HOME": home, "VECDRILL_CACHE_DIR": f"{home}/cache"}
        run(commands["check"], env)  # fills the reference cache, as a learner's first check does
        for name, command in commands.items():
            log(f"{name} against import torch, {args.pairs} pairs")
            times_a, times_b = paired_ratios(command, baseline, env, pairs=args.pairs)
            walls = ratio_summary([a[0] for a in times_a], [b[0] for b in times_b])
            cpus = ratio_summary([a[1] for a in times_a], [b[1] for b in times_b])
            shown = command[command.index(name) :]
            shown[1:2] = [f"drills/core/{args.drill}/solution.py"] if name == "check" else []
            rows.append(
                (
                    " ".join(shown),
                    statistics.median(a[0] for a in times_a),
                    statistics.median(b[0] for b in times_b),
                    walls,
                    cpus[0],
                    GOALS[name],
                )
            )
    print(
        f"| command | wall (median) | `import torch` (median) | wall ratio (median of "
        f"{args.pairs} pairs) | range | goal | CPU-time ratio (median) |"
    )
    print("|---|---:|---:|---:|---:|---|---:|")
    for shown, ta, tb, (median, low, high), cpu, goal in rows:
        verdict = "met" if median <= goal else "**missed**"
        print(
            f"| `vecdrill {shown}` | {ta:.3f} s | {tb:.3f} s | **{median:.3f}** | "
            f"{low:.3f}-{high:.3f} | <= {goal} ({verdict}) | {cpu:.2f} |"
        )
    print(f"\n{load_note()}")


if __name__ == "__main__":
    main()
