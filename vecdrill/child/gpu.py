"""CUDA inside a child: started in full before the guards, numerics pinned, memory capped.

The seccomp filter and the audit guard refuse opening files for writing, new processes and more;
CUDA does much of its set-up lazily (the context, the first kernel's module, each library's handle
and workspace: cuBLAS, cuFFT, cuSOLVER, cuDNN; events, a second stream, pinned staging memory for a
copy back to the host). So `start` does each of those once, before the guards exist, and a
solution's first CUDA call meets nothing left to set up. Whatever fails here is vecdrill's
environment (no device nodes in the box, a driver mismatch, no GPU memory free, a library missing),
never the learner's: `start` says what in a sentence instead of raising.

Run as `python -I -m vecdrill.child.gpu` (what `vecdrill doctor` does in each layer's box) it starts
CUDA, reports what the start cost the limits a check's child runs under (its data segment against
RLIMIT_DATA, its open files against RLIMIT_NOFILE), installs the guard as a check would, then under
it times one block of kernels with the check's own clock and proves the GPU memory cap holds, and
prints one JSON line.
"""

from __future__ import annotations

import glob
import json
import os
import re
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vecdrill.child import numerics
from vecdrill.messages import Message, message


def start(memory_bytes: int) -> str | None:
    """Initialise CUDA on the current device, pin its numerics, cap this process's GPU memory at
    `memory_bytes` and do every library's lazy set-up; None when it works, else why not, in words."""
    try:
        import torch

        if not torch.cuda.is_available():
            return _why_unavailable(torch)
        numerics.pin(torch)
        device = torch.device("cuda", torch.cuda.current_device())
        total = torch.cuda.get_device_properties(device).total_memory
        torch.cuda.set_per_process_memory_fraction(min(1.0, memory_bytes / total), device)
    except Exception as exc:  # noqa: BLE001 - any failure here is the environment's
        return f"CUDA could not start ({_first_line(exc)})"
    for what, work in _LAZY_WORK:
        try:
            work(torch, device)
        except Exception as exc:  # noqa: BLE001 - the environment's, named
            return f"CUDA started, but {what} could not be set up ({_first_line(exc)})"
    return None


def _kernels(torch: Any, device: Any) -> None:
    """A kernel, cuBLAS's handle (and cuBLASLt's, through a biased linear), an atomic scatter, a
    reduction, a copy back to pinned and pageable host memory."""
    a = torch.randn(64, 64, device=device)
    b = torch.nn.functional.linear(a @ a, a, a[0])
    b.index_add_(0, torch.zeros(64, dtype=torch.long, device=device), a)
    b.sum().cpu()
    torch.empty(b.shape, pin_memory=True).copy_(b, non_blocking=True)
    torch.cuda.synchronize(device)


def _events_and_streams(torch: Any, device: Any) -> None:
    """Timing events (the block clock's) and a second stream, as a solution may use one."""
    began, ended = (torch.cuda.Event(enable_timing=True) for _ in range(2))
    side = torch.cuda.Stream(device)
    began.record()
    side.wait_stream(torch.cuda.current_stream(device))
    with torch.cuda.stream(side):
        torch.ones(64, device=device).mul_(2)
    torch.cuda.current_stream(device).wait_stream(side)
    ended.record()
    ended.synchronize()
    began.elapsed_time(ended)


def _fft(torch: Any, device: Any) -> None:
    torch.fft.irfft(torch.fft.rfft(torch.randn(2, 64, device=device)), n=64).sum().item()


def _linalg(torch: Any, device: Any) -> None:
    """cuSOLVER (or MAGMA, which torch may pick instead): a factorisation, a solve, eigenvalues."""
    a = torch.randn(16, 16, device=device, dtype=torch.float64)
    spd = a @ a.T + 16 * torch.eye(16, device=device, dtype=torch.float64)
    torch.linalg.cholesky(spd)
    torch.linalg.solve(spd, a)
    torch.linalg.eigvalsh(spd).sum().item()


def _convolution(torch: Any, device: Any) -> None:
    """cuDNN's handle, through a small convolution (torch's own kernels where cuDNN is missing)."""
    image, kernel = torch.randn(1, 2, 8, 8, device=device), torch.randn(3, 2, 3, 3, device=device)
    torch.nn.functional.conv2d(image, kernel).sum().item()


_LAZY_WORK: tuple[tuple[str, Callable[[Any, Any], None]], ...] = (
    ("a kernel, cuBLAS or a copy back", _kernels),
    ("CUDA events or a second stream", _events_and_streams),
    ("cuFFT", _fft),
    ("cuSOLVER", _linalg),
    ("cuDNN", _convolution),
)


def settle(device: str) -> None:
    """Wait until `device` has run everything queued on it (nothing to wait for off a GPU), so a
    kernel's error surfaces now, in the case that queued it."""
    if device.startswith("cuda"):
        import torch

        torch.cuda.synchronize()


def _why_unavailable(torch: Any) -> str:
    if torch.version.cuda is None:
        return "the installed torch is a CPU-only build, so CUDA could not start"
    if not glob.glob("/dev/nvidia*"):
        return "no NVIDIA device nodes (/dev/nvidia*) are visible inside the sandbox, so CUDA could not start"
    return "torch sees no usable CUDA device inside the sandbox (CUDA_VISIBLE_DEVICES or the driver)"


def out_of_memory(exc: BaseException) -> Message | None:
    """For a CUDA out-of-memory error, what was asked for on which device (a sentence of the
    catalogue's `child` section, sent as data); else None."""
    text = str(exc)
    if type(exc).__name__ != "OutOfMemoryError" and "CUDA out of memory" not in text:
        return None
    asked = re.search(r"Tried to allocate ([0-9.]+ [KMGT]?i?B)", text)
    device = re.search(r"GPU (\d+)", text)
    where = f"cuda:{device.group(1)}" if device else message("child", "the_gpu")
    if asked is None:
        return message("child", "more_memory_on", device=where)
    return message("child", "bytes_more_on", amount=asked.group(1), device=where)


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__


def main() -> None:
    """Start CUDA as a check does, say what it cost the child's limits, arm the guard, then under
    it time one block of kernels and allocate past the cap; print what happened."""
    from vecdrill import wire
    from vecdrill.child import guard

    memory = wire.GPU_MEMORY_BYTES
    began = time.perf_counter()
    facts: dict[str, Any] = {"problem": start(memory)}
    facts["start_seconds"] = time.perf_counter() - began
    if facts["problem"] is None:
        import torch

        facts.update(process_limits())
        plain_mode = os.environ.get(wire.LAYER_ENV) != "bwrap"
        guard.install(Path.cwd(), wire.RESULT_FD, plain_mode=plain_mode)
        try:
            x = torch.randn(256, 256, device="cuda")
            (x @ x).index_add_(0, torch.arange(256, device="cuda"), x).cpu()
            facts["block"] = _one_block(torch, x)
            facts["cap_bytes"], facts["cap_raises"] = memory, _cap_holds(torch, memory)
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            facts["problem"] = f"CUDA started but failed under the sandbox's guard ({_first_line(exc)})"
        facts["device"] = torch.cuda.get_device_name()
        facts["nodes"] = sorted(glob.glob("/dev/nvidia*"))
    sys.stdout.write(json.dumps(facts) + "\n")
    sys.stdout.flush()
    os._exit(0)


def process_limits() -> dict[str, int]:
    """This process's data segment (what RLIMIT_DATA counts) and open files, with both limits:
    the two a CUDA context is most likely to run into in a check's child."""
    status = Path("/proc/self/status").read_text()
    data = re.search(r"^VmData:\s+(\d+) kB", status, re.MULTILINE)
    return {
        "data_bytes": int(data.group(1)) * 1024 if data else -1,
        "data_limit": resource.getrlimit(resource.RLIMIT_DATA)[0],
        "open_files": len(os.listdir("/proc/self/fd")),
        "open_files_limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
    }


def _one_block(torch: Any, x: Any) -> dict[str, float]:
    """One budget of matrix products timed as a check times a solution on CUDA (`timer`)."""
    from vecdrill.child import timer

    measured = timer.time_calls(lambda: x @ x, dict, device="cuda", budget_seconds=0.01)
    return {"seconds": measured.samples.quietest, "calls": float(measured.samples.repeats)}


def _cap_holds(torch: Any, memory: int) -> bool:
    """Whether asking for 1 GiB more than the cap is refused (torch's allocator enforces it)."""
    try:
        torch.empty(memory + 2**30, dtype=torch.uint8, device="cuda")
    except torch.cuda.OutOfMemoryError:
        return True
    return False


if __name__ == "__main__":
    main()
