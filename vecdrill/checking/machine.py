"""This machine's limits, per device, measured once and cached with the machine's key.

The efficiency a report gives (`measure.efficiency`) sets a solution's least work per second
against what the machine can do. That ceiling is measured, never taken from a datasheet: a trusted
child (`child.ceilings`) copies memory and multiplies matrices on each device, with nothing of
vecdrill timing meanwhile (`locks.measuring`), and the figures are cached under the same machine
key as the loop's timings (host, CPU and, for CUDA, the GPU, its driver and CUDA versions), the
torch version and the measuring code. A machine pays for it once, on its first timed check; a
measurement that fails leaves the report without an efficiency figure, never without a verdict.
"""

from __future__ import annotations

import functools
import json
import threading
from pathlib import Path
from typing import Any

from vecdrill import files, paths
from vecdrill.checking import expected, locks
from vecdrill.measure.efficiency import Ceilings

CEILINGS_ARGS = ("-m", "vecdrill.child.ceilings")
CODE = ("child/ceilings.py", "child/timer.py", "child/numerics.py")
_MEASURING = threading.Lock()  # the jobs of one batch: one measures, the others wait for its figures
_FAILED: set[str] = set()  # devices whose measurement failed in this process: not tried again


def ceilings(devices: list[str]) -> dict[str, Ceilings]:
    """The ceilings of each of `devices` that could be measured, from the cache or measured now."""
    with _MEASURING:
        found = {device: cached for device in devices if (cached := _load(device)) is not None}
        missing = [device for device in devices if device not in found and device not in _FAILED]
        if missing:
            measured = _measure(missing)
            for device in missing:
                if device in measured:
                    _store(device, measured[device])
                    found[device] = measured[device]
                else:
                    _FAILED.add(device)
    return found


def _measure(devices: list[str]) -> dict[str, Ceilings]:
    from vecdrill.sandbox import launch

    limits = launch.Limits(wall_seconds=180.0, startup_seconds=0.0, data_bytes=8 * 1024**3)
    with locks.measuring(devices):
        run = launch.run_sandboxed(
            launch.RunRequest((*CEILINGS_ARGS, *devices), b"", limits, launch.detect_isolation("plain"))
        )
    try:
        said = json.loads(run.stdout.strip().splitlines()[-1])
        return {
            device: Ceilings.from_json(said[device]) for device in devices if "problem" not in said[device]
        }
    except (IndexError, KeyError, TypeError, ValueError):
        return {}


def _key(device: str) -> dict[str, Any]:
    import torch

    return {
        "ceilings": device,
        "machine": expected.machine_key(device),
        "torch": torch.__version__,
        "code": _code(),
    }


@functools.cache
def _code() -> str:
    return expected.digest_code(Path(__file__).parents[1], CODE)


def _file(device: str) -> Path:
    return paths.cache_dir() / "ceilings" / f"{expected.digest_key(_key(device))[:32]}.json"


def _load(device: str) -> Ceilings | None:
    try:
        return Ceilings.from_json(json.loads(_file(device).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _store(device: str, measured: Ceilings) -> None:
    target = _file(device)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        files.write_atomic(target, json.dumps(measured.to_json()))
    except OSError:
        return
