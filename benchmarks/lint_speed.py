"""How fast `vecdrill lint` reads real code: lines per second over a large tree, and the wall time
of a cold `vecdrill lint` of a 1,000-line file.

The tree is the installed source of libraries that no one here wrote, unpacked from their wheels
(their code is never committed here):

    pip download --no-deps torchvision==0.29.1 transformers==5.24.0 timm==1.0.31 -d /tmp/wheels
    for w in /tmp/wheels/*.whl; do unzip -qo "$w" '*.py' -d /tmp/lintsrc/$(basename "$w" | cut -d- -f1); done
    python benchmarks/lint_speed.py /tmp/lintsrc

Lines per second are given per wall second and per CPU second of the process: on a shared machine
other programs take the CPU away, which only the wall figure pays for. Every line of every .py file
counts, including the files the lint skips because they import neither torch nor numpy (it reads
them to know that); the figure for the files it parses is printed too.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from vecdrill.lint.config import Settings
from vecdrill.lint.imports import imports_a_library
from vecdrill.lint.run import lint_paths

COLD_REPEATS = 7


def tree_speed(root: Path) -> None:
    files = sorted(root.rglob("*.py"))
    total = sum(path.read_bytes().count(b"\n") for path in files)
    parsed = sum(path.read_bytes().count(b"\n") for path in files if imports_a_library(path.read_bytes()))
    wall, cpu = time.perf_counter(), time.process_time()
    report = lint_paths([root], Settings(root=root))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{root}: {len(files)} files, {total} lines ({parsed} in files that import torch or numpy)")
    print(f"  {len(report.findings)} findings in {wall:.2f} s wall, {cpu:.2f} s CPU")
    print(f"  {total / wall:,.0f} lines/s wall, {total / cpu:,.0f} lines/s CPU")
    print(f"  files that import torch or numpy: {parsed / cpu:,.0f} lines/s CPU")


def cold_file(root: Path) -> None:
    """A cold `vecdrill lint` of the first 1,000 lines of the largest file that imports torch,
    against `python -c pass` measured alternately, so both see the same load."""
    candidates = [p for p in root.rglob("*.py") if imports_a_library(p.read_bytes())]
    biggest = max(candidates, key=lambda p: p.stat().st_size)
    with tempfile.TemporaryDirectory() as folder:
        sample = Path(folder) / "sample.py"
        lines = biggest.read_text(encoding="utf-8").splitlines(keepends=True)[:1000]
        sample.write_text("".join(lines), encoding="utf-8")
        times: dict[str, list[float]] = {"lint": [], "help": [], "bare": []}
        for _ in range(COLD_REPEATS):
            times["lint"].append(_wall([sys.executable, "-m", "vecdrill", "lint", str(sample)]))
            times["help"].append(_wall([sys.executable, "-m", "vecdrill", "--help"]))
            times["bare"].append(_wall([sys.executable, "-c", "pass"]))
    print(f"cold `vecdrill lint` of 1,000 lines of {biggest.name}, {COLD_REPEATS} runs, alternating:")
    for key, label in (("lint", "vecdrill lint"), ("help", "vecdrill --help"), ("bare", "python -c pass")):
        print(f"  {label}: median {statistics.median(times[key]):.3f} s, best {min(times[key]):.3f} s")


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, capture_output=True, check=False)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="a folder of unpacked library sources")
    arguments = parser.parse_args()
    tree_speed(arguments.root)
    cold_file(arguments.root)


if __name__ == "__main__":
    main()
