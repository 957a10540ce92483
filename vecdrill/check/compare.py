"""Expected against got, strictly: structure, type, dtype, shape, device, then values.

Runs in the parent, which is the only process that holds both answers. Returns the first mismatch
(with its index and both values) instead of a boolean, so the report can say exactly what to fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vecdrill.report.model import Mismatch

if TYPE_CHECKING:
    import torch


@dataclass(frozen=True)
class Tolerance:
    rtol: float | None
    atol: float | None


@dataclass(frozen=True)
class Answer:
    """One function result as it crossed the process boundary."""

    is_tuple: bool
    items: list[dict[str, Any]]  # {"type": "tensor"|"ndarray"|other, "device": str | None}
    tensors: list[torch.Tensor | None]


def compare_answers(expected: Answer, got: Answer, tol: Tolerance) -> Mismatch | None:
    if expected.is_tuple != got.is_tuple or len(expected.items) != len(got.items):
        return Mismatch("count", "out", expected=_shape_of_answer(expected), got=_shape_of_answer(got))
    for i, (want, have) in enumerate(zip(expected.items, got.items, strict=True)):
        label = f"out[{i}]" if expected.is_tuple else "out"
        if want["type"] != have["type"]:
            return Mismatch("type", label, expected=_type_label(want), got=_type_label(have))
        if want["device"] != have["device"]:
            return Mismatch("device", label, expected=want["device"], got=have["device"])
        want_tensor, have_tensor = expected.tensors[i], got.tensors[i]
        assert want_tensor is not None and have_tensor is not None
        mismatch = compare_tensors(want_tensor, have_tensor, tol, label)
        if mismatch:
            return mismatch
    return None


def compare_tensors(
    want: torch.Tensor, have: torch.Tensor, tol: Tolerance, label: str, what: str = "value"
) -> Mismatch | None:
    """Dtype, shape, then values with NaN positions; the first differing index is reported."""
    import torch

    if want.dtype != have.dtype:
        return Mismatch("dtype", label, expected=_dtype(want), got=_dtype(have))
    if want.shape != have.shape:
        return Mismatch("shape", label, expected=str(tuple(want.shape)), got=str(tuple(have.shape)))
    if want.numel() == 0:
        return None
    if want.is_floating_point() or want.is_complex():
        rtol, atol = _tolerances(want, tol)
        close = torch.isclose(have, want, rtol=rtol, atol=atol, equal_nan=True)
    else:
        close = have == want
    if bool(close.all()):
        return None
    index = [int(i) for i in (~close).nonzero()[0]]
    return Mismatch(what, label, index=index, expected=_scalar(want, index), got=_scalar(have, index))


def _tolerances(tensor: torch.Tensor, tol: Tolerance) -> tuple[float, float]:
    """The drill's tolerances, else torch.testing.assert_close's defaults for the dtype."""
    import torch

    defaults = {
        torch.float16: (1e-3, 1e-5),
        torch.bfloat16: (1.6e-2, 1e-5),
        torch.float32: (1.3e-6, 1e-5),
        torch.float64: (1e-7, 1e-7),
    }
    rtol, atol = defaults.get(tensor.dtype, (1.3e-6, 1e-5))
    return (tol.rtol if tol.rtol is not None else rtol, tol.atol if tol.atol is not None else atol)


def _scalar(tensor: torch.Tensor, index: list[int]) -> str:
    value = tensor[tuple(index)] if index else tensor
    number = value.item()
    return f"{number:.6g}" if isinstance(number, float) else repr(number)


def _dtype(tensor: torch.Tensor) -> str:
    return str(tensor.dtype).replace("torch.", "")


def _type_label(item: dict[str, Any]) -> str:
    kind = str(item["type"])
    return {"tensor": "torch.Tensor", "ndarray": "numpy.ndarray"}.get(kind, kind)


def _shape_of_answer(answer: Answer) -> str:
    if answer.is_tuple:
        return f"a tuple of {len(answer.items)}"
    return f"one {_type_label(answer.items[0])}"
