"""Which devices a check runs on, decided without importing torch when no GPU can be present."""

from __future__ import annotations

import functools
import glob

from vecdrill.errors import UsageError

DEVICE_CHOICES = ("cpu", "cuda", "all")


@functools.cache
def cuda_available() -> bool:
    """True when torch sees a CUDA device; skips the torch import on machines with no driver."""
    if not glob.glob("/dev/nvidia*") and not glob.glob("/proc/driver/nvidia*"):
        return False
    import torch

    return bool(torch.cuda.is_available())


def select(option: str, library: str) -> list[str]:
    if option not in DEVICE_CHOICES:
        raise UsageError(f"--device {option!r} is not one of {', '.join(DEVICE_CHOICES)}")
    if library == "numpy":
        return ["cpu"]
    if option == "cuda":
        if not cuda_available():
            raise UsageError(
                "--device cuda was asked for, but torch sees no CUDA device on this "
                "machine; use --device cpu (or run `vecdrill doctor`)"
            )
        return ["cuda"]
    if option == "all" and cuda_available():
        return ["cpu", "cuda"]
    return ["cpu"]


def cpu_only_note() -> str:
    return "only the CPU was checked: torch sees no CUDA device here"
