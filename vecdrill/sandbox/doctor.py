"""What `vecdrill doctor` reports: versions, devices, the sandbox layer and the limits in force."""

from __future__ import annotations

import platform
import sys

from vecdrill import __version__, paths
from vecdrill.sandbox import launch as sandbox


def collect() -> dict[str, dict[str, str]]:
    """Sections of label -> value, in display order."""
    import numpy
    import torch

    cuda = torch.cuda.is_available()
    isolation = sandbox.detect_isolation(None)
    layer = isolation.layer.value
    if isolation.accident_guard_only:
        layer += " (protects against accidents only, not against a deliberate attack)"
    devices = {"CUDA available": "yes" if cuda else "no"}
    if cuda:
        devices["CUDA device"] = torch.cuda.get_device_name(0)
        devices["CUDA version"] = str(torch.version.cuda)
    return {
        "vecdrill": {
            "version": __version__,
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "data": str(paths.data_dir()),
            "cache": str(paths.cache_dir()),
        },
        "libraries": {
            "torch": torch.__version__,
            "numpy": numpy.__version__,
            "torch threads in checks": "1 (fixed for honest timing)",
        },
        "devices": devices,
        "sandbox": {
            "layer in use": layer,
            "seccomp filter": "on" if isolation.seccomp else "off",
            **{f"not {name}": why for name, why in isolation.reasons.items()},
        },
        "limits": sandbox.describe_limits(sandbox.Limits()),
    }
