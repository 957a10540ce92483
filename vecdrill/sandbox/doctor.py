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
from vecdrill.messages import Message, message
from vecdrill.result import units
from vecdrill.sandbox import cgroup, isolation, launch, mounts
from vecdrill.supervisor.limits import Limits
from vecdrill.version import __version__

GPU_PROBE_ARGS = ["-m", "vecdrill.child.gpu"]

# One line of the doctor's report: its label and its value.
Line = tuple[Message, Message]


def _label(code: str, **params: Any) -> Message:
    return message("doctor_label", code, **params)


def _said(code: str, **params: Any) -> Message:
    return message("doctor", code, **params)


def _value(value: object) -> Message:
    return _said("value", value=value)


def in_words(lines: list[Line], lang: str) -> dict[str, str]:
    """Label -> value, as the reader of `lang` sees them."""
    return {label.text(lang): value.text(lang) for label, value in lines}


def collect() -> dict[str, list[Line]]:
    """Sections (by `doctor_title` code) of lines, in display order."""
    import numpy
    import torch

    cuda = torch.cuda.is_available()
    devices = [(_label("cuda_available"), _said("yes" if cuda else "no"))]
    if cuda:
        devices.append((_label("cuda_device"), _value(torch.cuda.get_device_name(0))))
        devices.append((_label("cuda_version"), _value(torch.version.cuda)))
    workspace = _said("workspace", path=paths.workspace_dir(), variable=paths.WORKSPACE_ENV)
    return {
        "vecdrill": [
            (_label("version"), _value(__version__)),
            (_label("python"), _value(sys.version.split()[0])),
            (_label("platform"), _value(platform.platform())),
            (_label("data"), _value(paths.data_dir())),
            (_label("cache"), _value(paths.cache_dir())),
            (_label("workspace"), workspace),
        ],
        "libraries": [
            (_label("torch"), _value(torch.__version__)),
            (_label("numpy"), _value(numpy.__version__)),
            (_label("torch_threads"), _said("one_thread")),
        ],
        "devices": devices,
        "sandbox": _sandbox_facts(),
        "cuda_in_boxes": cuda_in_boxes(),
        "limits": describe_limits(Limits()),
    }


def cuda_in_boxes() -> list[Line]:
    """For each layer this machine has: does CUDA start in its box, and work under the guard?"""
    nodes = mounts.gpu_device_nodes()
    if not nodes:
        return [(_label("every_layer"), _said("no_gpu_nodes"))]
    facts = [(_label("device_nodes"), _value(" ".join(nodes)))]
    for layer in isolation.Isolation:
        try:
            report = isolation.detect_isolation(layer.value)
        except ValueError as exc:
            facts.append((_label("layer", layer=layer.value), _said("layer_missing", problem=exc)))
            continue
        facts.append((_label("layer", layer=layer.value), _cuda_in_box(report)))
    return facts


def _cuda_in_box(report: isolation.IsolationReport) -> Message:
    run = launch.run_sandboxed(
        launch.RunRequest(tuple(GPU_PROBE_ARGS), b"", Limits(wall_seconds=120.0, startup_seconds=0.0), report)
    )
    said = run.stdout.strip().splitlines()
    try:
        facts = json.loads(said[-1])
    except (IndexError, ValueError):
        last = run.stderr.strip().splitlines()
        tail = last[-1][:200] if last else message("isolation", "exit_status", status=run.returncode)
        return _said("probe_silent", tail=tail)
    if facts.get("problem"):
        return _said("probe_fails", problem=facts["problem"])
    return probe_report(facts)


def probe_report(facts: dict[str, Any]) -> Message:
    """What the probe of one box found (`child.gpu.main`), clause by clause."""
    cap = units.byte_size(facts.get("cap_bytes", 0))
    clauses = {
        "works": _said("probe_works", device=facts.get("device"), seconds=facts.get("start_seconds", 0)),
        "data": _said(
            "probe_data",
            data=units.byte_size(facts.get("data_bytes", 0)),
            limit=units.byte_size(facts.get("data_limit", 0)),
            files=facts.get("open_files"),
            files_limit=facts.get("open_files_limit"),
        ),
        "cap": _said("probe_cap_holds" if facts.get("cap_raises") else "probe_cap_fails", cap=cap),
    }
    block = facts.get("block")
    if not block:
        return _said("probe_report", **clauses)
    timed = _said("probe_block", calls=block["calls"], each=units.seconds(block["seconds"]))
    return _said("probe_report_timed", block=timed, **clauses)


def _sandbox_facts() -> list[Line]:
    """Which protections this machine gives a solution, and why stronger ones are missing."""
    try:
        report = isolation.detect_isolation()
    except ValueError as exc:  # a forced layer this machine lacks
        return [(_label("layer_in_use"), _said("no_layer", problem=exc))]
    layer = report.layer.value
    missing = cgroup.unavailable()
    plain = report.layer is isolation.Isolation.PLAIN
    return [
        (
            _label("layer_in_use"),
            _said("layer_accidents_only", layer=layer) if report.accident_guard_only else _value(layer),
        ),
        # What each layer keeps from a solution that runs arbitrary code (docs/architecture.md,
        # the trust boundary, says it at length).
        (_label("holds"), _said(f"holds_{layer}")),
        (_label("grading"), _said("grading_refused" if plain else "grading_allowed")),
        (_label("seccomp"), _said("seccomp_on" if report.seccomp else "seccomp_off")),
        (_label("cgroup"), _said("cgroup_on") if missing is None else _said("cgroup_off", problem=missing)),
        *((_label("not_layer", layer=name), why) for name, why in report.reasons.items()),
    ]


def describe_limits(limits: Limits) -> list[Line]:
    """The limits in force, in words."""
    cpu = limits.cpu_soft_seconds
    return [
        (_label("start_up"), _said("start_up", seconds=limits.startup_seconds)),
        (_label("wall_clock"), _said("seconds", seconds=limits.wall_seconds)),
        (_label("cpu_time"), _said("cpu_time", seconds=cpu, kill=cpu + 1)),
        (_label("memory"), _value(units.byte_size(limits.data_bytes))),
        (
            _label("memory_backstop"),
            _said(
                "memory_backstop",
                size=units.byte_size(limits.data_bytes + cgroup.CGROUP_HEADROOM),
                tasks=cgroup.CGROUP_TASKS,
            ),
        ),
        (_label("file_size"), _value(units.byte_size(limits.file_bytes))),
        (_label("scratch"), _said("scratch", size=units.byte_size(limits.scratch_bytes))),
        (_label("open_files"), _value(limits.open_files)),
        (_label("output_shown"), _said("output_shown", size=units.byte_size(limits.output_keep_bytes))),
        (_label("output_limit"), _said("output_limit", size=units.byte_size(limits.output_kill_bytes))),
        (_label("result_size"), _value(units.byte_size(limits.result_bytes))),
        (_label("threads"), _value(limits.threads)),
        (_label("core_dumps"), _said("off")),
        (_label("gpu_memory"), _said("gpu_memory", size=units.byte_size(wire.GPU_MEMORY_BYTES))),
        (_label("cuda_numerics"), _said("cuda_numerics")),
    ]
