"""Efficiency against the machine's measured limit: the drill format's `[efficiency]`, the figure
and its words (and a size in bytes), and a real check in which a solution that copies its input
more reads as less efficient than the plain one, against ceilings measured once and cached."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.harness import FIXTURE_COURSE, check_json, copy_drill, edit
from vecdrill.content.bound import EfficiencySpec
from vecdrill.content.drill import load_drill
from vecdrill.errors import DrillError
from vecdrill.measure.efficiency import Ceilings, figure
from vecdrill.messages import message
from vecdrill.report import text
from vecdrill.result import units
from vecdrill.result.model import Timing

CEILINGS = Ceilings(10e9, {"float32": 50e9, "float64": 25e9}, 5e-6)


def _with(into: Path, tail: str) -> Path:
    return copy_drill(FIXTURE_COURSE / "fx-double", into, tail)


# The drill format


def test_a_drill_may_state_its_bound_and_least_work(tmp_path: Path) -> None:
    assert load_drill(FIXTURE_COURSE / "fx-double").efficiency == EfficiencySpec()
    drill = load_drill(_with(tmp_path, '\n[efficiency]\nbound = "compute"\nflops = "2 * N ** 2"\n'))
    assert drill.efficiency.work_at({"N": 1000}) == 2e6
    drill = load_drill(_with(tmp_path / "b", '\n[efficiency]\nbytes = "4 * (N + N // 2)"\n'))
    assert drill.efficiency.bound == "memory" and drill.efficiency.work_at({"N": 10}) == 60.0


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        ('bound = "disk"', "efficiency.bound = 'disk'; use 'memory' or 'compute'"),
        ('bound = "compute"', "efficiency.bound = 'compute' needs efficiency.flops, the least arithmetic"),
        (
            'flops = "2 * N"',
            "efficiency.flops counts only for bound = 'compute'; remove it or set that bound",
        ),
        (
            'bytes = "4 * * N"',
            "efficiency.bytes = '4 * * N' does not parse (invalid syntax); write arithmetic",
        ),
        (
            'bytes = "4 * N * Q"',
            "efficiency.bytes = '4 * N * Q' names 'Q', which is no dimension of the inputs; use N",
        ),
        ('bytes = "N - N"', "efficiency.bytes = 'N - N' is 0 at the bench size {'N': 2000}; it should count"),
        ('bytes = "len(N)"', "efficiency.bytes = 'len(N)' names 'len', which is no dimension"),
        (
            'bytes = "N.real"',
            "efficiency.bytes = 'N.real' cannot be computed at the bench size ('N.real' is not allowed)",
        ),
        (
            'bytes = "8 * N / 0"',
            "efficiency.bytes = '8 * N / 0' cannot be computed at the bench size (division by zero)",
        ),
        ("bytes = 8", "efficiency.bytes = 8 should be a str"),
        ('words = "N"', "unknown key 'efficiency.words'"),
    ],
)
def test_a_bad_efficiency_table_names_the_fix(tmp_path: Path, tail: str, message: str) -> None:
    with pytest.raises(DrillError, match=re.escape(message)):
        load_drill(_with(tmp_path, f"\n[efficiency]\n{tail}\n"))


# The figure and its words


def _timing(**efficiency: Any) -> Timing:
    found = figure(ceilings=CEILINGS, **efficiency)
    assert found is not None
    return Timing(1.0, 1e-3, 1000.0, 900.0, 1100.0, 1.0, 1e-3, 3, 900, 1, {"N": 1}, False, efficiency=found)


def test_the_efficiency_sets_the_least_work_against_the_measured_limit() -> None:
    memory = _timing(bound="memory", work=4e6, seconds=1e-3, device="cpu", dtype="float32")
    assert memory.efficiency is not None and memory.efficiency.fraction == pytest.approx(0.4)
    assert text.efficiency_lines(memory) == [
        "memory-bound: at least 4 MB moved a call, 4 GB/s: 40% of",
        "this machine's copy rate, 10 GB/s (measured)",
    ]
    assert text.efficiency_lines(memory, "zh") == [
        "访存受限：每次调用至少读写 4 MB，速度 4 GB/s，",
        "达到本机实测拷贝带宽 10 GB/s 的 40%",
    ]
    compute = _timing(bound="compute", work=2e9, seconds=0.1, device="cpu", dtype="float64")
    assert text.efficiency_lines(compute)[1] == "this machine's float64 matmul rate, 25 GFLOP/s (measured)"
    assert figure("compute", 2e9, 0.1, CEILINGS, device="cpu", dtype="int64") is None  # not measured
    cached = _timing(bound="memory", work=4e6, seconds=1e-4, device="cpu", dtype=None)
    assert text.efficiency_lines(cached)[-1].startswith("over 100%: the data fits in a cache")
    small = _timing(bound="compute", work=2e9, seconds=0.05, device="cpu", dtype="float64")
    assert text.efficiency_lines(small, "zh")[-1] == "超过 100%：这个规模比测量用的矩阵乘更适合本机"


def test_a_cuda_speedup_at_a_launch_bound_size_says_so_first() -> None:
    """20 us a call where a tiny op takes 5 us and the data would move in 0.4 us: the time is
    launching kernels. On the CPU, or where the data's own time is most of the call, it is not."""
    tiny = _timing(bound="memory", work=4e3, seconds=2e-5, device="cuda", dtype="float32")
    lines = [line for lang in ("en", "zh") for line in text.efficiency_lines(tiny, lang)]
    assert lines[0] == "launch-bound: a call takes less than 10 tiny GPU operations (5 µs each),"
    assert lines[2] == "launches saved, not how fast the GPU computes"
    assert lines[5] == "受启动开销限制：一次调用的时间不到 10 个最小 GPU 操作（每个 5 µs），"
    assert all(len(line) <= 76 for line in lines)
    assert not _timing(
        bound="memory", work=4e3, seconds=2e-5, device="cpu", dtype=None
    ).efficiency.launch_bound  # type: ignore[union-attr]
    big = _timing(bound="memory", work=3e5, seconds=4e-5, device="cuda", dtype=None)  # 30 us at the limit
    assert big.efficiency is not None and not big.efficiency.launch_bound


@pytest.mark.parametrize(
    ("count", "en", "zh"),
    [(4 * 1024**3, "4 GiB", "4 GiB"), (64 * 1024, "64 KiB", "64 KiB"), (512, "512 bytes", "512 字节")],
)
def test_a_size_in_bytes_has_a_binary_prefix_or_the_word_in_the_readers_language(
    count: int, en: str, zh: str
) -> None:
    said = message("doctor", "value", value=units.byte_size(count))  # as `vecdrill doctor` shows it
    assert (said.text("en"), said.text("zh")) == (en, zh)


# A real check: an extra copy reads as less efficient, against ceilings measured once

STREAM_LOOP = """import torch


def fx_stream(x):
    \"\"\"x: (N,) float32. Returns 2 * x, computed a block of 65536 elements at a time.\"\"\"
    out = torch.empty_like(x)
    for start in range(0, x.shape[0], 65536):
        out[start : start + 65536] = x[start : start + 65536] * 2
    return out
"""
PLAIN = b"# vecdrill: fx-stream\ndef fx_stream(x):\n    return x * 2\n"
# Three more full copies: four times the traffic, a gap that the load of a shared 2-core machine
# (whose memory bandwidth the other test worker shares) does not close.
MORE_COPIES = b"# vecdrill: fx-stream\ndef fx_stream(x):\n    return x.clone().clone().clone() * 2\n"


def _stream_pack(tmp_path: Path) -> Path:
    """fx-double renamed, benchmarked at 16 MB an array, with a loop over blocks (quick to time)."""
    folder = tmp_path / "pack" / "fx-stream"
    shutil.copytree(FIXTURE_COURSE / "fx-double", folder)
    edit(folder / "drill.toml", "bench = { N = 2000 }", "bench = { N = 4194304 }")
    edit(folder / "drill.toml", "grad = true\n", "")
    (folder / "loop.py").write_text(STREAM_LOOP, encoding="utf-8")
    for name in ("solution.py", "starter.py"):
        edit(folder / name, "fx_double", "fx_stream")
    return folder.parent


def _efficiency(pack: Path, tmp_path: Path, sources: dict[str, bytes]) -> list[dict[str, Any]]:
    """Each file's efficiency figure, from one `check` of them all: timed one after the other in
    one run, so they are measured under the same load."""
    paths = []
    for name, source in sources.items():
        paths.append(tmp_path / name)
        paths[-1].write_bytes(source)
    _, results = check_json(paths, "--drills", str(pack), "--device", "cpu", bench=True, jobs=1, timeout=600)
    found = []
    for result in results:
        assert result["verdict"] == "pass", result["message"]
        found.append(result["devices"][0]["timing"]["efficiency"])
    return found


@pytest.mark.slow
def test_a_solution_that_copies_its_input_more_reads_as_less_efficient(tmp_path: Path) -> None:
    pack = _stream_pack(tmp_path)
    plain, copying = _efficiency(pack, tmp_path, {"plain.py": PLAIN, "copying.py": MORE_COPIES})
    assert plain["bound"] == copying["bound"] == "memory"
    assert plain["work"] == copying["work"] == 2 * 4 * 4194304  # the input read, the output written
    assert plain["ceiling"] == copying["ceiling"]  # measured once, then from the cache
    assert copying["fraction"] < plain["fraction"]
    assert plain["ceiling_source"] == "copy" and not plain["launch_bound"]
