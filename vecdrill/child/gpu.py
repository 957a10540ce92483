"""CUDA inside a child: started in full before the guards, numerics pinned, memory capped.

The seccomp filter and the audit guard refuse opening files for writing, new processes and more;
CUDA does much of its set-up lazily (the context, the first kernel's module, cuBLAS's handle and
workspace, pinned staging memory for a copy back to the host). So `start` does each of those once,
before the guards exist, and a solution's first CUDA call meets nothing left to set up. Whatever
fails here is vecdrill's environment (no device nodes in the box, a driver mismatch, no GPU memory
free), never the learner's: `start` says what in a sentence instead of raising.

Run as `python -I -m vecdrill.child.gpu` (what `vecdrill doctor` does in each layer's box) it starts
CUDA, installs the guard as a check would, runs a few kernels under it and prints one JSON line.
"""

from __future__ import annotations

import glob
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

NUMERICS = "TF32 and reduced-precision reductions off"  # as the child sets them (child.gpu)


def start(memory_bytes: int) -> str | None:
    """Initialise CUDA on the current device, pin its numerics and cap this process's GPU memory
    at `memory_bytes`; None when it works, else why not, in words."""
    try:
        import torch

        if not torch.cuda.is_available():
            return _why_unavailable(torch)
        pin_numerics(torch)
        device = torch.device("cuda", torch.cuda.current_device())
        total = torch.cuda.get_device_properties(device).total_memory
        torch.cuda.set_per_process_memory_fraction(min(1.0, memory_bytes / total), device)
        _exercise(torch, device)
    except Exception as exc:  # noqa: BLE001 - any failure here is the environment's
        return f"CUDA could not start ({_first_line(exc)})"
    return None


def pin_numerics(torch: Any) -> None:
    """Full float32 precision everywhere: TF32 on the matrix units and reduced-precision
    reductions would put float32 results 1e-3 away from the loop's."""
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cuda.matmul.allow_fp16_reduced_precision_reduction = False
    torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
    torch.set_float32_matmul_precision("highest")


def _exercise(torch: Any, device: Any) -> None:
    """The lazy work, done now: a kernel, a cuBLAS handle (and cuBLASLt's, through a biased
    linear), an atomic scatter, a reduction, a copy back to pinned and pageable host memory."""
    a = torch.randn(64, 64, device=device)
    b = torch.nn.functional.linear(a @ a, a, a[0])
    b.index_add_(0, torch.zeros(64, dtype=torch.long, device=device), a)
    b.sum().cpu()
    torch.empty(b.shape, pin_memory=True).copy_(b, non_blocking=True)
    torch.cuda.synchronize(device)


def _why_unavailable(torch: Any) -> str:
    if torch.version.cuda is None:
        return "the installed torch is a CPU-only build, so CUDA could not start"
    if not glob.glob("/dev/nvidia*"):
        return "no NVIDIA device nodes (/dev/nvidia*) are visible inside the sandbox, so CUDA could not start"
    return "torch sees no usable CUDA device inside the sandbox (CUDA_VISIBLE_DEVICES or the driver)"


def out_of_memory(exc: BaseException) -> str | None:
    """For a CUDA out-of-memory error, what was asked for on which device; else None."""
    text = str(exc)
    if type(exc).__name__ != "OutOfMemoryError" and "CUDA out of memory" not in text:
        return None
    asked = re.search(r"Tried to allocate ([0-9.]+ [KMGT]?i?B)", text)
    device = re.search(r"GPU (\d+)", text)
    where = f"cuda:{device.group(1)}" if device else "the GPU"
    return f"{asked.group(1) if asked else 'more memory'} more on {where}"


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__


def main() -> None:
    """Start CUDA as a check does, arm the guard, compute under it, print what happened."""
    from vecdrill import wire
    from vecdrill.child import guard

    memory = wire.GPU_MEMORY_BYTES
    facts: dict[str, Any] = {"problem": start(memory)}
    if facts["problem"] is None:
        import torch

        plain_mode = os.environ.get(wire.LAYER_ENV) != "bwrap"
        guard.install(Path.cwd(), wire.RESULT_FD, plain_mode=plain_mode)
        try:
            x = torch.randn(256, 256, device="cuda")
            (x @ x).index_add_(0, torch.arange(256, device="cuda"), x).cpu()
            torch.cuda.synchronize()
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            facts["problem"] = f"CUDA started but failed under the sandbox's guard ({_first_line(exc)})"
        facts["device"] = torch.cuda.get_device_name()
        facts["nodes"] = sorted(glob.glob("/dev/nvidia*"))
    sys.stdout.write(json.dumps(facts) + "\n")
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
