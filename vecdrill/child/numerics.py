"""The float settings a check runs under: pinned to full precision, and watched for changes.

TF32 on the matrix units, reduced-precision reductions, a bfloat16 matmul on the CPU (oneDNN) or a
raised GPU memory cap would make a solution's answer or speed incomparable with the loop's. The
worker pins them once torch is imported, again after the learner's file is loaded (its top level
may have changed them) and before every case, and checks after every case and every benchmark that
they still hold; a solution that changed them gets the `numerics` status. The static gate forbids
`torch.backends` and `torch.cuda` settings outright: this is the run-time backstop.

torch 2.9 added a `fp32_precision` setting per backend and operation; mixing it with the older
`allow_tf32` flags makes torch raise when either is read. So where the new settings exist, only
they are used, and a setting that cannot be read counts as changed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

# Where torch >= 2.9 keeps a float32 precision: the global one, then per backend and operation.
_PRECISION_PLACES = (
    *("", "cuda.matmul", "cudnn", "cudnn.conv", "cudnn.rnn"),
    *("mkldnn", "mkldnn.matmul", "mkldnn.conv", "mkldnn.rnn"),
)
_REDUCED = ("allow_fp16_reduced_precision_reduction", "allow_bf16_reduced_precision_reduction")
UNREADABLE = "unreadable"  # torch raised when the setting was read: it was changed in another way

Settings = dict[str, Any]


class SettingsChanged(Exception):
    """A solution's call left a pinned setting changed; the message names it."""


def pinned(torch: Any) -> Settings:
    """Pin the settings and return them as read back: what every later reading must equal."""
    pin(torch)
    return read(torch)


def watched(function: Callable[..., Any], torch: Any, settings: Settings) -> Callable[..., Any]:
    """`function`, pinned again before every call and checked after it (SettingsChanged)."""

    def call(*inputs: Any) -> Any:  # by position, as every call of a drill's function is made
        pin(torch)
        output = function(*inputs)
        check(torch, settings)
        return output

    return call


def check(torch: Any, settings: Settings) -> None:
    """SettingsChanged when a setting no longer holds the value it was pinned to."""
    what = changed(settings, read(torch))
    if what is not None:
        raise SettingsChanged(what)


def pin(torch: Any) -> None:
    """Full float32 precision everywhere; reduced-precision reductions off."""
    with contextlib.suppress(RuntimeError):  # a mix of old and new settings raises: set them all
        torch.set_float32_matmul_precision("highest")
    if _new_api(torch):
        for place in _places(torch):
            place[1].fp32_precision = "ieee"
    else:
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
    for name in _REDUCED:
        setattr(torch.backends.cuda.matmul, name, False)


def read(torch: Any) -> Settings:
    """Every setting `pin` sets, and the GPU memory cap once CUDA is started, as read now."""
    matmul = torch.backends.cuda.matmul
    if _new_api(torch):
        settings = {
            f"{label}.fp32_precision": _get(place, "fp32_precision") for label, place in _places(torch)
        }
    else:
        settings = {
            "torch.backends.cuda.matmul.allow_tf32": _get(matmul, "allow_tf32"),
            "torch.backends.cudnn.allow_tf32": _get(torch.backends.cudnn, "allow_tf32"),
        }
    settings.update({f"torch.backends.cuda.matmul.{name}": _get(matmul, name) for name in _REDUCED})
    settings["torch.get_float32_matmul_precision()"] = _call(torch.get_float32_matmul_precision)
    fraction = getattr(torch.cuda, "get_per_process_memory_fraction", None)
    if fraction is not None and torch.cuda.is_initialized():
        settings["torch.cuda memory fraction"] = _call(fraction)
    return settings


def changed(before: Settings, now: Settings) -> str | None:
    """The first setting that no longer holds its pinned value, as `name (was -> now)`."""
    for name, value in now.items():
        if before.get(name, value) != value:
            return f"{name} ({before[name]!r} -> {value!r})"
    return None


def _new_api(torch: Any) -> bool:
    return hasattr(torch.backends, "fp32_precision")


def _places(torch: Any) -> list[tuple[str, Any]]:
    found = []
    for dotted in _PRECISION_PLACES:
        place = torch.backends
        for part in dotted.split(".") if dotted else ():
            place = getattr(place, part, None)
        if place is not None and hasattr(place, "fp32_precision"):
            found.append(("torch.backends" + (f".{dotted}" if dotted else ""), place))
    return found


def _get(place: Any, name: str) -> Any:
    return _call(lambda: getattr(place, name))


def _call(read_one: Callable[[], Any]) -> Any:
    try:
        return read_one()
    except RuntimeError:
        return UNREADABLE
