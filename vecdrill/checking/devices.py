"""Which devices a check runs on, decided without creating a CUDA context (or importing torch).

A CUDA context in the parent costs a second and hundreds of MiB of GPU memory, and the check only
needs to know whether its child will find a GPU. So the choice is read from files, before the
child starts: a GPU's device node (/dev/nvidia0, ...), CUDA_VISIBLE_DEVICES, and torch's CUDA
library, so a CPU-only machine pays one glob. NVML, the driver's management library (through
ctypes), names the GPU for the timing cache, asked beside the running child and never before it
starts: with persistence mode off, NVML's start waits while the driver wakes each GPU. Whether CUDA then
works inside the sandbox is the child's to find out (`child.gpu`); when it does not, the CPU verdict
stands and a note says why.
"""

from __future__ import annotations

import ctypes
import functools
import glob
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from vecdrill import wire
from vecdrill.errors import UsageError
from vecdrill.messages import Message, message
from vecdrill.sandbox.mounts import GPU_NODE_GLOB

DEVICE_CHOICES = ("cpu", "cuda", "all")
_NVML = "libnvidia-ml.so.1"


@dataclass(frozen=True)
class Gpu:
    """What NVML says about the first GPU a check would use, and the software around it."""

    name: str
    driver: str
    cuda_driver: str  # the CUDA version the driver supports, e.g. "13.0"
    count: int


GPU_NODES = GPU_NODE_GLOB  # one per GPU; /dev/nvidiactl alone means a driver and no GPU


@functools.cache
def gpu() -> Gpu | None:
    """The GPU a CUDA check would use, as NVML names it, or None: no GPU device node, no NVML,
    no GPU, or CUDA_VISIBLE_DEVICES hides them all."""
    if not _gpu_visible():
        return None
    try:
        return _ask_nvml(_first_visible(os.environ.get("CUDA_VISIBLE_DEVICES")))
    except (OSError, AttributeError, ValueError):
        return None


def cuda_available() -> bool:
    """True when a GPU's device node is there, CUDA_VISIBLE_DEVICES leaves it visible, and the
    installed torch is a CUDA build; no library is loaded to tell."""
    return _gpu_visible() and torch_has_cuda()


def _gpu_visible() -> bool:
    if not glob.glob(GPU_NODES):
        return False
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    return visible is None or (bool(visible.strip()) and not visible.strip().startswith("-"))


@functools.cache
def torch_has_cuda() -> bool:
    """Whether the installed torch was built with CUDA, read from its files (no import)."""
    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        return False
    return any((Path(spec.origin).parent / "lib").glob("libtorch_cuda*.so*"))


def _first_visible(visible: str | None) -> int:
    """NVML's index of the first GPU CUDA will use: the first number in CUDA_VISIBLE_DEVICES
    (a UUID there is taken as the first GPU, which names the model well enough)."""
    first = (visible or "0").split(",")[0].strip()
    return int(first) if first.isdigit() else 0


def _ask_nvml(index: int) -> Gpu | None:
    nvml = ctypes.CDLL(_NVML)
    if nvml.nvmlInit_v2() != 0:
        return None
    try:
        count = ctypes.c_uint(0)
        if nvml.nvmlDeviceGetCount_v2(ctypes.byref(count)) != 0 or count.value == 0:
            return None
        handle = ctypes.c_void_p()
        if nvml.nvmlDeviceGetHandleByIndex_v2(min(index, count.value - 1), ctypes.byref(handle)) != 0:
            return None
        name = ctypes.create_string_buffer(96)
        driver = ctypes.create_string_buffer(96)
        cuda = ctypes.c_int(0)
        nvml.nvmlDeviceGetName(handle, name, ctypes.c_uint(len(name)))
        nvml.nvmlSystemGetDriverVersion(driver, ctypes.c_uint(len(driver)))
        nvml.nvmlSystemGetCudaDriverVersion(ctypes.byref(cuda))
        return Gpu(
            name.value.decode(errors="replace"),
            driver.value.decode(errors="replace"),
            f"{cuda.value // 1000}.{cuda.value % 1000 // 10}",
            count.value,
        )
    finally:
        nvml.nvmlShutdown()


def select(option: str, library: str) -> list[str]:
    if option not in DEVICE_CHOICES:
        raise UsageError(message("errors", "device", device=option, choices=", ".join(DEVICE_CHOICES)))
    if library == "numpy":
        return ["cpu"]
    if option == "cuda":
        if not cuda_available():
            raise UsageError(message("errors", "no_cuda"))
        return ["cuda"]
    if option == "all" and cuda_available():
        return ["cpu", "cuda"]
    return ["cpu"]


def cuda_note() -> Message:
    """What the report says about how CUDA was checked (in full float32, as `child.gpu.pin_numerics`
    sets it)."""
    return message("note", "cuda_numerics", gib=wire.GPU_MEMORY_BYTES // 1024**3)


def on_device(device: str, said: Message) -> Message:
    """`cuda: ...`: a sentence about one device, naming it."""
    return message("verdict", "on_device", device=device, message=said)
