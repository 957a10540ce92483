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


POP_MODE = "from torch.utils._python_dispatch import _pop_mode\ndef sneaky(x):\n    _pop_mode()\n"
PUSH_MODE = (
    "from torch.utils._python_dispatch import TorchDispatchMode\n"
    "class Quiet(TorchDispatchMode):\n"
    "    def __torch_dispatch__(self, func, types, args=(), kwargs=None):\n"
    "        return func(*args, **(kwargs or {}))\n"
    "def sneaky(x):\n    Quiet().__enter__()\n"
)
PROFILER_OFF = "def sneaky(x):\n    sys.setprofile(None)\n"
DISPATCH_OFF = "the torch dispatch counter was switched off"


@pytest.mark.parametrize(
    ("sneaky", "torch_ops", "said"),
    [
        pytest.param(POP_MODE, True, DISPATCH_OFF, id="dispatch-mode-popped"),
        pytest.param(PUSH_MODE, True, DISPATCH_OFF, id="mode-pushed-over-it", marks=pytest.mark.slow),
        pytest.param(PROFILER_OFF, False, "the Python call profiler was switched off", id="profiler-off"),
    ],
)
def test_switching_a_counter_off_is_caught(sneaky: str, torch_ops: bool, said: str) -> None:
    out = _run(
        f"import sys, torch\nfrom vecdrill.child.counting import CountersDisabled, count_work\n{sneaky}"
        f"try:\n    count_work(sneaky, {{'x': torch.ones(3)}}, torch_ops={torch_ops})\n"
        "except CountersDisabled as exc:\n    print('caught:', exc)\n"
    )
    assert out == f"caught: {said}"


# The child's worker and the fixture drill, for a test of its probe calls (`worker._probe`).
FX_DOUBLE = (
    "from vecdrill.child import worker\n"
    "from vecdrill.content.drill import load_drill\n"
    "from tests.harness import FIXTURE_COURSE\n"
    "drill = load_drill(FIXTURE_COURSE / 'fx-double')\n"
)


def test_the_probe_calls_run_with_the_garbage_collector_off() -> None:
    """Their CPU time is read from outside the process: a full collection of a process holding
    torch takes tens of milliseconds, which, falling inside the large size's calls alone, would
    read as work that grows with the input."""
    out = _run(
        FX_DOUBLE + "import gc\n"
        "seen = []\n"
        "def spy(x):\n"
        "    seen.append(gc.isenabled())\n"
        "    return x * 2\n"
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
        FX_DOUBLE + "import resource\n"
        "resource.setrlimit(resource.RLIMIT_CPU, (600, 601))\n"
        "probed = worker._probe(drill, None, lambda x: x * 2, 'f.py', [{'N': 4}, {'N': 8}], {})\n"
        "print(all(0 < seconds < 0.001 for seconds in probed.cpu_seconds))\n"
    )
    assert out == "True"
