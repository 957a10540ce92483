"""What `vecdrill doctor` reports: versions, devices, every protection the sandbox gives a solution
here (and why a stronger one is missing), the limits in force, in words, and on a GPU machine
whether CUDA works inside the box each layer builds (started as a check starts it, then used under
the guard)."""

from __future__ import annotations

import json
import platform
import sys
from typing import Any

from vecdrill import paths, wire
from vecdrill.result import units
from vecdrill.sandbox import cgroup, isolation, launch, mounts
from vecdrill.supervisor.limits import Limits
from vecdrill.version import __version__

GPU_PROBE_ARGS = ["-m", "vecdrill.child.gpu"]


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
            "workspace": f"{paths.workspace_dir()} (your drill files; set {paths.WORKSPACE_ENV} "
            "or `vecdrill try --workspace` to move it)",
        },
        "libraries": {
            "torch": torch.__version__,
            "numpy": numpy.__version__,
            "torch threads in checks": "1 (fixed for honest timing)",
        },
        "devices": devices,
        "sandbox": _sandbox_facts(),
        "CUDA inside the sandbox": cuda_in_boxes(),
        "limits": describe_limits(Limits()),
    }


def cuda_in_boxes() -> dict[str, str]:
    """For each layer this machine has: does CUDA start in its box, and work under the guard?"""
    nodes = mounts.gpu_device_nodes()
    if not nodes:
        return {"every layer": "not checked: this machine has no NVIDIA device nodes (/dev/nvidia*)"}
    facts = {"device nodes bound (bwrap)": " ".join(nodes)}
    for layer in isolation.Isolation:
        try:
            report = isolation.detect_isolation(layer.value)
        except ValueError as exc:
            facts[layer.value] = f"not available here ({exc})"
            continue
        facts[layer.value] = _cuda_in_box(report)
    return facts


def _cuda_in_box(report: isolation.IsolationReport) -> str:
    run = launch.run_sandboxed(
        GPU_PROBE_ARGS, b"", limits=Limits(wall_seconds=120.0, startup_seconds=0.0), isolation=report
    )
    said = run.stdout.strip().splitlines()
    try:
        facts = json.loads(said[-1])
    except (IndexError, ValueError):
        tail = (run.stderr.strip().splitlines() or [f"exit status {run.returncode}"])[-1]
        return f"fails: the probe ended without an answer ({tail[:200]})"
    if facts.get("problem"):
        return f"fails: {facts['problem']}"
    return "; ".join(probe_sentences(facts))


def probe_sentences(facts: dict[str, Any]) -> list[str]:
    """What the probe of one box found (`child.gpu.main`), clause by clause."""
    said = [
        f"works: {facts.get('device')}, started with every library in {facts.get('start_seconds', 0):.1f} s",
        f"then the child's data segment was {size_text(facts.get('data_bytes', 0))} of its "
        f"{size_text(facts.get('data_limit', 0))} (RLIMIT_DATA), with "
        f"{facts.get('open_files')} of {facts.get('open_files_limit')} files open",
    ]
    block = facts.get("block")
    if block:
        said.append(
            f"under the guard, one timed block: {block['calls']:.0f} 256x256 matmuls at "
            f"{units.seconds(block['seconds'])} each"
        )
    cap = size_text(facts.get("cap_bytes", 0))
    said.append(
        f"the {cap} GPU memory cap refused {cap} + 1 GiB"
        if facts.get("cap_raises")
        else f"the {cap} GPU memory cap did NOT refuse {cap} + 1 GiB"
    )
    return said


# What each layer keeps from a solution that runs arbitrary code (docs/architecture.md, the trust
# boundary, says it at length).
_HOLDS = {
    isolation.Isolation.BWRAP: "a new root holding only the system, Python and vecdrill's package: "
    "no answer, cache, progress or other file of yours can be read; each check has its own "
    "processes, mounts and scratch space",
    isolation.Isolation.UNSHARE: "vecdrill's answers, cache and progress covered; other files of "
    "this user stay readable (a copy of the catalogue, say); each check has its own processes, "
    "mounts and scratch space",
    isolation.Isolation.PLAIN: "only seccomp and the audit hook: a solution can read whatever this "
    "user can, and see this user's other processes",
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
        "what it holds": _HOLDS[report.layer],
        "grading a class": "refused unless `vecdrill grade --allow-plain`"
        if report.layer is isolation.Isolation.PLAIN
        else "allowed: one student's file cannot reach another's check",
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
        "GPU memory (CUDA checks)": (
            f"{size_text(wire.GPU_MEMORY_BYTES)} per check (torch.cuda.set_per_process_memory_fraction)"
        ),
        "CUDA numerics": "TF32 and reduced-precision reductions off while checking",
    }


def size_text(count: int) -> str:
    for unit, factor in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if count >= factor:
            return f"{count / factor:g} {unit}"
    return f"{count} bytes"
