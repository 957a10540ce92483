"""What keeps a CUDA check honest, proven where a CPU can prove it: numerics pinned after the
learner's import and checked after each call, one timing child on the GPU at a time, the uvm
device node made before a box is built, and the doctor's reading of its CUDA probe."""

from __future__ import annotations

import fcntl
import os
import subprocess
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.harness import FIXTURE_COURSE, python_child
from vecdrill import paths, wire
from vecdrill.checking import devices, locks, pipeline
from vecdrill.checking.submission import Source
from vecdrill.content.drill import load_drill
from vecdrill.result.model import Verdict
from vecdrill.sandbox import doctor, launch, mounts

FX_DOUBLE = FIXTURE_COURSE / "fx-double"


def _check(source: str, **options: Any) -> Any:
    """The solution checked on the CPU past the static gate, which would forbid torch.backends
    (so this is the run-time backstop on its own)."""
    return pipeline.check_past_gate(
        Source(Path("sol.py"), textwrap.dedent(source).encode()),
        load_drill(FX_DOUBLE),
        pipeline.CheckOptions(device="cpu", bench=False, **options),
    )


# Numerics: pinned after any import, checked after every call


@pytest.mark.slow
def test_a_solution_that_turns_tf32_on_while_it_runs_is_forbidden() -> None:
    result = _check(
        """
        import torch

        def fx_double(x):
            torch.backends.cuda.matmul.fp32_precision = "tf32"
            return x * 2
        """
    )
    assert result.verdict is Verdict.FORBIDDEN, result.message
    said, zh = result.message.text("en"), result.message.text("zh")
    assert said.startswith("your solution changed torch.backends.cuda.matmul.fp32_precision")
    assert "full float32" in said and "float32" in zh and "你的解法" in zh


@pytest.mark.slow
def test_settings_changed_when_the_file_is_imported_are_pinned_again_before_it_runs() -> None:
    result = _check(
        """
        import torch

        torch.set_float32_matmul_precision("medium")
        torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = True


        def fx_double(x):
            assert torch.get_float32_matmul_precision() == "highest"
            assert not torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction
            return x * 2
        """
    )
    assert result.verdict is Verdict.PASS, result.message


# The GPU lock


def test_a_run_that_times_on_cuda_locks_the_gpu_for_itself() -> None:
    assert locks.gpu_mode(["cpu"], ["cpu"]) is None
    assert locks.gpu_mode(["cpu", "cuda"], ["cpu"]) == fcntl.LOCK_SH
    assert locks.gpu_mode(["cpu", "cuda"], ["cuda"]) == fcntl.LOCK_EX
    assert locks.gpu_mode([], ["cuda:1"]) == fcntl.LOCK_EX


def _held_elsewhere(how: int) -> bool:
    """Whether another holder keeps this process from taking the lock `how` right now."""
    fd = os.open(paths.cache_dir() / locks.GPU_LOCK, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, how | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def test_the_gpu_lock_is_shared_by_every_vecdrill_process(tmp_path: Path) -> None:
    """Another process's exclusive hold keeps this one waiting until it lets go; shared holds
    go together."""
    released = tmp_path / "released"
    holder = python_child(
        "import time\nfrom vecdrill.checking import locks\n"
        "with locks.for_run(['cuda'], ['cuda']):\n"
        "    print('held', flush=True)\n    time.sleep(1)\n"
        f"    open({str(released)!r}, 'w').close()\n",
        stdout=subprocess.PIPE,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    with locks.for_run(["cuda"]):  # shared: waits for the exclusive holder
        assert released.exists()
        assert not _held_elsewhere(fcntl.LOCK_SH) and _held_elsewhere(fcntl.LOCK_EX)
    holder.wait()
    assert not _held_elsewhere(fcntl.LOCK_EX)


@pytest.mark.slow
def test_a_check_that_times_on_cuda_holds_the_gpu_while_its_child_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A check on CPU and CUDA as on a GPU machine: the child that times on CUDA runs under the
    exclusive lock; the CPU's retry (CUDA cannot start here) runs with none."""
    held: list[tuple[set[str], bool]] = []

    def runner(run: launch.RunRequest) -> launch.ChildRun:
        on = {spec.device for spec in wire.decode_request(run.payload).bench}
        held.append((on, _held_elsewhere(fcntl.LOCK_SH)))
        return launch.run_sandboxed(run)

    monkeypatch.setattr(devices, "cuda_available", lambda: True)
    options = pipeline.CheckOptions(device="all", bench_budget=0.05)
    solution = Source(Path("sol.py"), b"def fx_double(x):\n    return x * 2\n")
    result = pipeline.check_past_gate(solution, load_drill(FX_DOUBLE), options, runner)
    assert result.verdict is Verdict.PASS, result.message
    assert held == [({"cpu", "cuda"}, True), ({"cpu"}, False)]


# The doctor's reading of its probe


def test_the_doctor_says_what_cuda_cost_the_childs_limits() -> None:
    facts = {
        "device": "NVIDIA H200",
        "start_seconds": 1.94,
        "data_bytes": 1536 * 1024**2,
        "data_limit": 2 * 1024**3,
        "open_files": 41,
        "open_files_limit": 256,
        "block": {"seconds": 5.1e-6, "calls": 1920.0},
        "cap_bytes": 4 * 1024**3,
        "cap_raises": True,
    }
    assert doctor.probe_report(facts).text("en") == (
        "works: NVIDIA H200, started with every library in 1.9 s; "
        "then the child's data segment was 1.5 GiB of its 2 GiB (RLIMIT_DATA), with 41 of 256 files open; "
        "under the guard, one timed block: 1920 256x256 matmuls at 5.1 µs each; "
        "the 4 GiB GPU memory cap refused 4 GiB + 1 GiB"
    )
    uncapped = doctor.probe_report({**facts, "cap_raises": False}).text("en")
    assert uncapped.endswith("did NOT refuse 4 GiB + 1 GiB")
    assert doctor.probe_report(facts).text("zh").startswith("正常：NVIDIA H200，加载全部库用时 1.9 秒；")


# The uvm node, made before a box is built


@pytest.fixture
def uvm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The uvm path of a stand-in GPU machine under tmp_path (its node beside it), with an empty
    folder of tools first on PATH for an `nvidia-modprobe` (`_helper`; the real driver's helper
    makes the uvm node as root); what the process remembers of the helper is forgotten around it."""
    (tmp_path / "nvidia0").touch()
    monkeypatch.setattr(mounts, "GPU_NODE_GLOB", str(tmp_path / "nvidia[0-9]*"))
    monkeypatch.setattr(mounts, "UVM_NODE", str(tmp_path / "nvidia-uvm"))
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}:/usr/bin:/bin")
    mounts.make_uvm_node.cache_clear()
    yield tmp_path / "nvidia-uvm"
    mounts.make_uvm_node.cache_clear()


def _helper(uvm: Path, body: str) -> None:
    """An `nvidia-modprobe` beside the `uvm` fixture that runs the shell `body`."""
    helper = uvm.parent / "bin" / "nvidia-modprobe"
    helper.write_text(f"#!/bin/sh\n{body}\n")
    helper.chmod(0o755)


def test_the_uvm_node_is_asked_of_the_drivers_helper_before_a_box_is_built(uvm: Path) -> None:
    asked = uvm.parent / "asked"
    _helper(uvm, f'echo "$@" > {asked}; touch {uvm}')
    launch.child_command(["-c", "pass"], uvm.parent, launch.Isolation.PLAIN, [], 1 << 20)
    assert uvm.exists() and asked.read_text() == "-u -c=0\n"
    asked.unlink()
    mounts.make_uvm_node.cache_clear()
    mounts.make_uvm_node()  # there already: nothing is asked
    assert not asked.exists()


def test_without_the_helper_the_driver_is_started_once_in_a_process_of_its_own(uvm: Path) -> None:
    """No nvidia-modprobe and (here) no libcuda: the attempt fails quietly, the child's own CUDA
    start will say what is missing, and the helper that fails is not run again in this process."""
    mounts.make_uvm_node()
    assert not uvm.exists()
    _helper(uvm, f"touch {uvm}")
    mounts.make_uvm_node()  # once per process
    assert not uvm.exists()
