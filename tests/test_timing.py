"""Timing you can trust: fresh inputs, no reused answers, medians with a range, cached loops,
op counts, and the --scaling ladder with its crossover."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

from tests.harness import FIXTURE_COURSE, check_one
from vecdrill.child.timer import time_calls
from vecdrill.measure import ladder
from vecdrill.measure.samples import Samples, blocks_of
from vecdrill.measure.speedup import summarize
from vecdrill.result.model import ScalingPoint

MEMOIZER = '''# vecdrill: fx-double
import torch

_state = {"calls": 0, "answer": None}


def fx_double(x):
    """Honest while it is being checked, then hands back its last answer while being timed."""
    _state["calls"] += 1
    if _state["calls"] > 28 and _state["answer"] is not None:  # past every case and probe call
        return _state["answer"]
    _state["answer"] = x * 2
    return _state["answer"]
'''


def _check_json(file: Path, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    return check_one(file, "--drills", str(FIXTURE_COURSE), "--timeout", "300", *args, bench=True, env=env)


def test_time_calls_gives_each_call_fresh_inputs_and_times_blocks_of_calls() -> None:
    x = torch.randn(64)
    seen: list[int] = []

    def double(x: torch.Tensor) -> torch.Tensor:
        seen.append(x.data_ptr())
        x.mul_(2)  # an in-place change must not leak into the next call
        return x.clone()

    measured = time_calls(double, lambda: {"x": x.clone()}, device="cpu", budget_seconds=0.01, min_repeats=5)
    calls = measured.samples.repeats
    assert calls >= 5 and len(seen) == calls + 1  # one warm-up, then the timed calls
    assert 1 <= len(measured.samples.seconds) <= calls
    assert torch.equal(measured.output, x * 2)
    assert not measured.reused_output
    assert measured.samples.quietest <= measured.samples.median


def _reuses(function: Any, fresh: Any) -> bool:
    return time_calls(function, fresh, device="cpu", budget_seconds=0.002).reused_output


def test_time_calls_catches_a_function_returning_memory_it_kept_and_only_that() -> None:
    kept = torch.randn(8)
    fresh = lambda: {"x": torch.randn(8)}  # noqa: E731
    assert _reuses(lambda x: kept, fresh)
    assert _reuses(lambda x: kept[1:], fresh)  # a view of the kept buffer
    assert _reuses(lambda x: kept.detach(), fresh)  # a new tensor on the kept storage
    assert _reuses(lambda x: (x * 2, kept), fresh)  # one item of a tuple
    cached = np.arange(10.0)
    assert _reuses(lambda x: cached[2:], lambda: {"x": np.zeros(3)})
    # Fresh results are not mistaken for reused ones when memory is recycled.
    assert not _reuses(lambda x: x * 2, fresh)  # the allocator may hand out the same address
    assert not _reuses(lambda x: x, fresh)  # the input is a fresh copy every call
    assert not _reuses(lambda x: np.zeros(4), fresh)
    assert not _reuses(lambda x: (torch.zeros(0), 3.0), fresh)  # nothing to own


def test_the_cpu_clock_ignores_time_spent_off_the_cpu() -> None:
    def wait(x: torch.Tensor) -> torch.Tensor:
        time.sleep(0.004)  # what a call pushed off the CPU by other programs looks like
        return x.clone()

    fresh = lambda: {"x": torch.randn(4)}  # noqa: E731
    wall = time_calls(wait, fresh, device="cpu", budget_seconds=0.01)
    cpu = time_calls(wait, fresh, device="cpu", budget_seconds=0.01, cpu_clock=True)
    assert wall.samples.median >= 0.004
    assert cpu.samples.median < 0.002


def test_thinned_samples_keep_the_median_best_and_count() -> None:
    samples = Samples([float(i) for i in range(100_001)], 100_001)
    thin = samples.thinned(1001)
    assert len(thin.seconds) == 1001 and thin.repeats == 100_001
    assert thin.median == samples.median
    assert thin.quietest == samples.quietest == 0


def test_blocks_keep_a_cost_paid_every_other_call_and_drop_a_busy_stretch() -> None:
    # Fresh memory every other call: 1 ms, 2 ms, ... The quietest block still pays it (1.5 ms),
    # where the fastest single call (1 ms) would hide it.
    alternating = [0.001, 0.002] * 40
    assert Samples.of_calls(alternating).quietest == pytest.approx(0.0015)
    # A busy stretch doubles 32 tiny calls; the blocks after it show the code's own speed.
    busy_then_quiet = [0.0002] * 32 + [0.0001] * 32
    blocks = blocks_of(busy_then_quiet)
    assert len(blocks) == 8 and min(blocks) == pytest.approx(0.0001)
    # Slow calls are blocks of their own; a lone short tail counts only when nothing else does.
    assert blocks_of([0.4, 0.42, 0.41]) == [0.4, 0.42, 0.41]
    assert blocks_of([0.0001] * 3) == [pytest.approx(0.0001)]
    assert len(blocks_of([0.0001] * 11)) == 1


def test_summarize_reports_the_quietest_blocks_with_the_medians_as_the_range() -> None:
    loop = Samples([1.0, 1.1, 0.9], 3)
    # A busy machine slowed most solution blocks 2x; the quietest still shows the code's speed.
    solution = Samples([0.02] * 9 + [0.01] + [0.02] * 10, 160)
    timing = summarize(loop, solution, size={"N": 4}, threads=1, loop_cached=True)
    assert (timing.loop_seconds, timing.solution_seconds) == (0.9, 0.01)
    assert timing.speedup == pytest.approx(90)
    assert (timing.loop_median_seconds, timing.solution_median_seconds) == (1.0, 0.02)
    assert timing.speedup_low == pytest.approx(45) and timing.speedup_high == pytest.approx(100)
    assert (timing.loop_repeats, timing.solution_repeats) == (3, 160)


def test_ladder_scales_the_probe_dimensions_from_one_to_the_bench_size() -> None:
    steps = ladder.ladder({"R": 256, "C": 256}, [{"R": 8, "C": 32}, {"R": 64, "C": 32}])
    assert steps[0] == {"R": 1, "C": 256} and steps[-1] == {"R": 256, "C": 256}
    assert [s["R"] for s in steps] == [1, 2, 4, 8, 16, 32, 64, 128, 256]
    together = ladder.ladder(
        {"N": 200, "M": 100, "D": 8}, [{"N": 8, "M": 4, "D": 8}, {"N": 32, "M": 16, "D": 8}]
    )
    assert together[0] == {"N": 2, "M": 1, "D": 8}  # ratios kept, the smallest reaches 1
    assert together[-1] == {"N": 200, "M": 100, "D": 8}
    assert len(together) <= ladder.MAX_STEPS
    assert ladder.ladder({"N": 1}, [{"N": 1}, {"N": 1}]) == [{"N": 1}]


def _points(speedups: list[float]) -> list[ScalingPoint]:
    return [ladder.point({"N": 2**i}, s * 1e-6, 1e-6) for i, s in enumerate(speedups)]


def test_crossover_is_where_the_solution_starts_winning_for_good() -> None:
    assert ladder.crossover(_points([2, 5, 50])) == {"N": 1}  # faster everywhere
    assert ladder.crossover(_points([0.5, 2, 8])) == {"N": 1}  # log-midway between N=1 and N=2
    assert ladder.crossover(_points([0.25, 0.5, 1.0, 4])) == {"N": 4}
    assert ladder.crossover(_points([2, 0.5, 4, 8])) == {"N": 3}  # the last crossing counts
    assert ladder.crossover(_points([0.1, 0.5])) is None


@pytest.mark.slow
def test_a_memoizing_solution_does_not_pass(tmp_path: Path) -> None:
    cheat = tmp_path / "memo.py"
    cheat.write_text(MEMOIZER)
    result = _check_json(str(cheat))
    assert result["verdict"] == "wrong", result["message"]
    assert "already returned" in result["message"]


@pytest.mark.slow
def test_check_reports_a_trustworthy_timing_and_caches_the_loop(tmp_path: Path) -> None:
    solution = str(FIXTURE_COURSE / "fx-double" / "solution.py")
    # A cache of its own: another test timing fx-double's loop meanwhile would replace the entry.
    private = {"VECDRILL_CACHE_DIR": str(tmp_path / "cache")}
    first = _check_json(solution, env=private)
    second = _check_json(solution, env=private)
    assert first["verdict"] == second["verdict"] == "pass", first["message"]
    timing = second["devices"][0]["timing"]
    assert second["devices"][0]["speedup"] == timing["speedup"] > 1
    assert timing["speedup_low"] <= timing["speedup"] <= timing["speedup_high"]
    assert timing["loop_repeats"] >= 3 and timing["solution_repeats"] >= 3
    assert timing["threads"] == 1 and timing["size"] == {"N": 2000}
    assert timing["loop_cached"] and timing["measure_seconds"] > 0
    assert timing["loop_seconds"] == first["devices"][0]["timing"]["loop_seconds"]  # cached
    assert timing["ops_size"] == {"N": 16} and timing["ops_unit"] == "torch operations"
    assert timing["solution_ops"] == 1 and timing["loop_ops"] > 16


@pytest.mark.slow
def test_scaling_times_a_ladder_and_finds_the_crossover() -> None:
    result = _check_json(str(FIXTURE_COURSE / "fx-np-square" / "solution.py"), "--scaling")
    assert result["verdict"] == "pass", result["message"]
    device = result["devices"][0]
    sizes = [p["size"] for p in device["scaling"]]
    assert sizes[-1] == device["timing"]["size"] and min(sizes[0].values()) == 1
    assert all(
        p["speedup"] == pytest.approx(p["loop_seconds"] / p["solution_seconds"]) for p in device["scaling"]
    )
    assert device["scaling"][-1]["loop_seconds"] == device["timing"]["loop_seconds"]
    assert device["crossover"] is None or device["crossover"].keys() == sizes[0].keys()
