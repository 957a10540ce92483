"""The work counter: counts that grow with a loop, hooks the solution cannot switch off, and no
start-up cost hidden in the first counted call. Each test runs in a fresh interpreter, so what
one imports cannot leak into another."""

from __future__ import annotations

import pytest

from tests.harness import run_python
from vecdrill import wire


def _run(code: str) -> str:
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _tamper_verdict(setup: str, sneaky: str, call: str) -> str:
    """What count_work says about a function that meddles with the counters."""
    return _run(
        f"{setup}\nfrom vecdrill.child.counting import CountersDisabled, count_work\n{sneaky}\n"
        f"try:\n    {call}\nexcept CountersDisabled as exc:\n    print('caught:', exc)\n"
    )


def test_counting_torch_ops_does_not_import_dynamo() -> None:
    # torch wraps a dispatch mode in torch._disable_dynamo unless it opts out; that import costs
    # seconds of every cold check's start-up.
    out = _run(
        "import sys, torch\n"
        "from vecdrill.child.counting import count_work\n"
        "counts, _ = count_work(lambda x: x * 2 + 1, {'x': torch.ones(3)}, torch_ops=True)\n"
        "print(counts['aten'], 'torch._dynamo' in sys.modules)"
    )
    assert out == "2 False"


@pytest.mark.parametrize(("size", "expected"), [(4, 4), (16, 16)])
def test_a_loop_dispatches_one_op_per_element(size: int, expected: int) -> None:
    out = _run(
        "import torch\n"
        "from vecdrill.child.counting import count_work\n"
        "def neg(x):\n"
        "    for i in range(x.shape[0]):\n"
        "        x[i].neg_()\n"
        f"print(count_work(neg, {{'x': torch.ones({size})}}, torch_ops=True)[0]['aten'])"
    )
    assert int(out) >= expected


def test_switching_the_dispatch_counter_off_is_caught() -> None:
    out = _tamper_verdict(
        "import torch\nfrom torch.utils._python_dispatch import _pop_mode",
        "def sneaky(x):\n    _pop_mode()\n    return x * 2",
        "count_work(sneaky, {'x': torch.ones(3)}, torch_ops=True)",
    )
    assert out == "caught: the torch dispatch counter was switched off"


@pytest.mark.slow
def test_a_mode_pushed_over_the_counter_is_caught() -> None:
    quiet = (
        "class Quiet(TorchDispatchMode):\n"
        "    def __torch_dispatch__(self, func, types, args=(), kwargs=None):\n"
        "        return func(*args, **(kwargs or {}))\n"
    )
    out = _tamper_verdict(
        "import torch\nfrom torch.utils._python_dispatch import TorchDispatchMode",
        quiet + "def sneaky(x):\n    Quiet().__enter__()\n    return x * 2",
        "count_work(sneaky, {'x': torch.ones(3)}, torch_ops=True)",
    )
    assert out == "caught: the torch dispatch counter was switched off"


def test_switching_the_profiler_off_is_caught() -> None:
    out = _tamper_verdict(
        "import sys", "def sneaky():\n    sys.setprofile(None)", "count_work(sneaky, {}, torch_ops=False)"
    )
    assert out == "caught: the Python call profiler was switched off"


def test_the_probe_calls_run_with_the_garbage_collector_off() -> None:
    """Their CPU time is read from outside the process: a full collection of a process holding
    torch takes tens of milliseconds, which, falling inside the large size's calls alone, would
    read as work that grows with the input."""
    out = _run(
        "import gc\n"
        "from vecdrill.child import worker\n"
        "from vecdrill.content.drill import load_drill\n"
        "from tests.harness import FIXTURE_COURSE\n"
        "seen = []\n"
        "def spy(x):\n"
        "    seen.append(gc.isenabled())\n"
        "    return x * 2\n"
        "drill = load_drill(FIXTURE_COURSE / 'fx-double')\n"
        "worker._probe(drill, None, spy, 'spy.py', [{'N': 4}, {'N': 64}], {})\n"
        "print(seen, gc.isenabled())\n"
    )
    # The warm-up call outside, the measured ones inside: each size's counted call and its repeats.
    assert out == f"{[True] + [False] * 2 * wire.PROBE_REPEATS} True"


def test_the_reference_probes_cpu_time_is_exact_under_a_cpu_limit() -> None:
    """Under RLIMIT_CPU (every child has one) a process's own CPU clock moves by whole ticks, so a
    small probe call read 0 ms and the reference solution's rise read as nothing: its own solution
    then failed as a hidden loop. The thread's clock is exact."""
    out = _run(
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_CPU, (600, 601))\n"
        "from vecdrill.child import worker\n"
        "from vecdrill.content.drill import load_drill\n"
        "from tests.harness import FIXTURE_COURSE\n"
        "drill = load_drill(FIXTURE_COURSE / 'fx-double')\n"
        "probed = worker._probe(drill, None, lambda x: x * 2, 'f.py', [{'N': 4}, {'N': 8}], {})\n"
        "print(all(0 < seconds < 0.001 for seconds in probed.cpu_seconds))\n"
    )
    assert out == "True"
