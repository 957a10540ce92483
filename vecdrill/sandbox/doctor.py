"""What `vecdrill doctor` reports: versions, devices, every protection the sandbox gives a solution
here (and why a stronger one is missing), and the limits in force, in words."""

from __future__ import annotations

import platform
import sys

from vecdrill import __version__, paths
from vecdrill.sandbox import cgroup, isolation
from vecdrill.supervisor.limits import Limits


def collect() -> dict[str, dict[str, str]]:
    """Sections of label -> value, in display order."""
    import numpy
    import torch

    cuda = torch.cuda.is_available()
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
        "sandbox": _sandbox_facts(),
        "limits": describe_limits(Limits()),
    }


def _sandbox_facts() -> dict[str, str]:
    """Which protections this machine gives a solution, and why stronger ones are missing."""
    try:
        report = isolation.detect_isolation()
    except ValueError as exc:  # a forced layer this machine lacks
        return {"layer in use": f"none: {exc}"}
    layer = report.layer.value
    if report.accident_guard_only:
        layer += " (protects against accidents only, not against a deliberate attack)"
    missing = cgroup.unavailable()
    return {
        "layer in use": layer,
        "seccomp filter": "on (pyseccomp)"
        if report.seccomp
        else "off: pyseccomp or libseccomp does not load (pip install pyseccomp)",
        "cgroup backstop": "on (cgroup v1 memory and pids)"
        if missing is None
        else f"off: no writable cgroup v1 memory and pids hierarchy ({missing})",
        **{f"not {name}": why for name, why in report.reasons.items()},
    }


def describe_limits(limits: Limits) -> dict[str, str]:
    """The limits in force, in words."""
    cpu = limits.cpu_soft_seconds
    return {
        "start-up": f"{limits.startup_seconds:g} s to import torch and build the inputs, "
        "before the clock starts",
        "wall clock": f"{limits.wall_seconds:g} s",
        "CPU time": f"{cpu} s after start-up (SIGXCPU), killed at {cpu + 1} s",
        "memory (RLIMIT_DATA)": size_text(limits.data_bytes),
        "memory backstop (cgroup, when writable)": (
            f"{size_text(limits.data_bytes + cgroup.CGROUP_HEADROOM)}, {cgroup.CGROUP_TASKS} tasks"
        ),
        "file size": size_text(limits.file_bytes),
        "scratch space (bwrap)": f"{size_text(limits.scratch_bytes)} per tmpfs (box, /tmp, homes)",
        "open files": str(limits.open_files),
        "output shown": f"first {size_text(limits.output_keep_bytes)} of stdout and of stderr",
        "output limit": f"killed after {size_text(limits.output_kill_bytes)} of output",
        "result size": size_text(limits.result_bytes),
        "threads": str(limits.threads),
        "core dumps": "off",
    }


def size_text(count: int) -> str:
    for unit, factor in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if count >= factor:
            return f"{count / factor:g} {unit}"
    return f"{count} bytes"
