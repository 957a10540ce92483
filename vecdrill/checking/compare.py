"""Expected against got, strictly: for one case its outputs (structure, type, dtype, shape, device,
then values), then its inputs changed in place, then its gradients.

Runs in the parent, which is the only process that holds both answers. Returns the first mismatch
(with its index and both values) instead of a boolean, so the report can say exactly what to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from vecdrill import wire
from vecdrill.checking.expected import Case, Piece
from vecdrill.content.drill import Drill
from vecdrill.messages import Message, message
from vecdrill.result.model import InputNear, Mismatch

if TYPE_CHECKING:
    import torch


@dataclass(frozen=True)
class Tolerance:
    """How an answer is compared: the drill's tolerances, and whether the order of its values
    matters (`unordered`: "all" compares the values as a multiset, an int sorts along that axis)."""

    rtol: float | None
    atol: float | None
    unordered: str | int | None = None


def tolerance(drill: Drill, device: str) -> Tolerance:
    """The drill's tolerance on `device`: its own CUDA tolerance, where it gives one, on a GPU."""
    on_gpu = device.startswith("cuda")
    rtol = drill.cuda_rtol if on_gpu and drill.cuda_rtol is not None else drill.rtol
    atol = drill.cuda_atol if on_gpu and drill.cuda_atol is not None else drill.atol
    return Tolerance(rtol, atol, drill.unordered)


@dataclass(frozen=True)
class Answers:
    """Both sides of one run, as judging reads them: the frame the solution's child sent (its
    header and tensors) and the loop's answers, by piece (`expected.gather`)."""

    header: wire.ResultHeader
    tensors: dict[str, torch.Tensor]
    pieces: dict[str, Piece]


@dataclass(frozen=True)
class Answer:
    """One function result as it crossed the process boundary."""

    is_tuple: bool
    items: list[dict[str, Any]]  # {"type": "tensor"|"ndarray"|other, "device": str | None}
    tensors: list[torch.Tensor | None]


def answer_of(record: dict[str, Any], tensors: dict[str, torch.Tensor], prefix: str) -> Answer:
    items = record["items"]
    return Answer(record["tuple"], items, [tensors.get(f"{prefix}/{i}") for i in range(len(items))])


def compare_case(
    case: Case,
    expected: Piece,
    got_record: dict[str, Any],
    got_tensors: dict[str, torch.Tensor],
    tol: Tolerance,
) -> Mismatch | None:
    """The first difference for one case: outputs, then inputs changed in place, then gradients.
    A differing value names the case's inputs there (as the loop received them), where they came
    back (not at the benchmark size)."""
    inputs = {
        key.rsplit("/", 1)[1]: tensor
        for key, tensor in expected.tensors.items()
        if key.startswith(f"{case.id}/in/")
    }
    mismatch = compare_answers(
        answer_of(expected.header["outputs"], expected.tensors, f"{case.id}/out"),
        answer_of(got_record["outputs"], got_tensors, f"{case.id}/out"),
        tol,
        inputs,
    )
    if mismatch is None and not case.outputs_only:
        mismatch = _mutated_input(case, inputs, got_tensors)
    # No gradients where edge values were forced (ties sit on kinks: a convention), nor at the
    # benchmark size (the loop's backward pass would be slow there).
    if mismatch is None and case.edge is None and not case.outputs_only:
        mismatch = _gradient_mismatch(case, expected, got_tensors, tol, inputs)
    if mismatch is None:
        return None
    return replace(
        mismatch, size=case.size, case=case.label, seed=case.seed if case.replay is None else case.replay
    )


def _mutated_input(
    case: Case, inputs: Mapping[str, torch.Tensor], got: dict[str, torch.Tensor]
) -> Mismatch | None:
    """The first input that came back changed from what the loop received (`inputs`)."""
    exact = Tolerance(rtol=0.0, atol=0.0)
    for name, original in inputs.items():
        after = got.get(f"{case.id}/in/{name}")
        if after is None or compare_tensors(original, after, exact, name) is not None:
            return Mismatch("input-mutated", name)
    return None


def _gradient_mismatch(
    case: Case,
    expected: Piece,
    got: dict[str, torch.Tensor],
    tol: Tolerance,
    inputs: Mapping[str, torch.Tensor],
) -> Mismatch | None:
    loose = Tolerance(rtol=max(tol.rtol or 0.0, 1e-4), atol=max(tol.atol or 0.0, 1e-5))
    for name in expected.header.get("grads", []):
        want = expected.tensors[f"{case.id}/grad/{name}"]
        have = got.get(f"{case.id}/grad/{name}")
        if have is None and not bool(want.any()):
            continue  # an all-zero gradient and no gradient at all mean the same here
        if have is None:
            return Mismatch(
                "gradient",
                name,
                expected=message("mismatch", "a_gradient"),
                got=message("mismatch", "unconnected"),
            )
        mismatch = compare_tensors(want, have, loose, name, what="gradient", inputs=inputs)
        if mismatch:
            return mismatch
    return None


def compare_answers(
    expected: Answer, got: Answer, tol: Tolerance, inputs: Mapping[str, torch.Tensor] | None = None
) -> Mismatch | None:
    """The first difference between two answers; a differing value names `inputs` there, unless
    the values were sorted first (their index then says nothing about where they came from)."""
    if expected.is_tuple != got.is_tuple or len(expected.items) != len(got.items):
        return Mismatch("count", "out", expected=_shape_of_answer(expected), got=_shape_of_answer(got))
    for i, (want, have) in enumerate(zip(expected.items, got.items, strict=True)):
        label: str | Message = f"out[{i}]" if expected.is_tuple else "out"
        want_tensor, have_tensor = expected.tensors[i], got.tensors[i]
        want_number, have_number = _number(want, want_tensor), _number(have, have_tensor)
        if want_number is not None and have_number is not None:
            mismatch = _compare_numbers(want_number, have_number, tol, label, inputs)
        elif want["type"] != have["type"]:
            mismatch = Mismatch("type", label, expected=_type_label(want), got=_type_label(have))
        elif want["device"] != have["device"]:
            mismatch = Mismatch("device", label, expected=want["device"], got=have["device"])
        else:
            assert want_tensor is not None and have_tensor is not None
            near = inputs
            if tol.unordered is not None and want_tensor.shape == have_tensor.shape:
                near = None
                want_tensor, have_tensor = (_in_order(t, tol.unordered) for t in (want_tensor, have_tensor))
                label = (
                    message("mismatch", "sorted", output=label)
                    if tol.unordered == "all"
                    else message("mismatch", "sorted_along", output=label, axis=tol.unordered)
                )
            mismatch = compare_tensors(want_tensor, have_tensor, tol, label, inputs=near)
        if mismatch:
            return mismatch
    return None


@dataclass(frozen=True)
class _Number:
    """One scalar answer: a Python number, a numpy scalar, or a 0-d tensor or array."""

    value: torch.Tensor  # 0-d
    dtype: str | None  # None for a Python number, which takes the loop's
    device: str | None  # a tensor's


# A scalar's kind, by numpy's dtype kind: the catalogue's code for it.
_KINDS = {"b": "a_bool", "i": "an_integer", "u": "an_integer", "f": "a_float", "c": "a_complex"}


def _number(item: dict[str, Any], tensor: torch.Tensor | None) -> _Number | None:
    if tensor is None or tensor.dim() != 0:
        return None
    if item["type"] == "number":
        return _Number(tensor, item.get("dtype"), None)
    if item["type"] in ("tensor", "ndarray"):
        return _Number(tensor, _dtype(tensor), item["device"] if item["type"] == "tensor" else None)
    return None


def _compare_numbers(
    want: _Number,
    have: _Number,
    tol: Tolerance,
    label: str | Message,
    inputs: Mapping[str, torch.Tensor] | None,
) -> Mismatch | None:
    """Scalars compare by value, whatever form each takes (docs/drill-format.md, scalar outputs):
    the same kind (bool, integer, float); the same dtype where both have one; the same device where
    both are tensors; the value within the tolerance of the loop's dtype (a Python float's: float32's)."""
    import numpy as np
    import torch

    want_kind, have_kind = (_KINDS[np.dtype(_dtype(n.value)).kind] for n in (want, have))
    if want_kind != have_kind:
        return Mismatch(
            "kind", label, expected=message("mismatch", want_kind), got=message("mismatch", have_kind)
        )
    if want.dtype is not None and have.dtype is not None and want.dtype != have.dtype:
        return Mismatch("dtype", label, expected=want.dtype, got=have.dtype)
    if want.device is not None and have.device is not None and want.device != have.device:
        return Mismatch("device", label, expected=want.device, got=have.device)
    like = want.value if want.dtype is not None else want.value.to(torch.float32)
    shared = torch.promote_types(want.value.dtype, have.value.dtype)
    return compare_tensors(
        want.value.to(shared), have.value.to(shared), tol, label, dtype_of=like, inputs=inputs
    )


def _in_order(tensor: torch.Tensor, unordered: str | int) -> torch.Tensor:
    """The tensor's values sorted (NaNs last), flattened for "all": where the drill says that
    order does not matter, two answers with the same values in another order are the same."""
    if tensor.dim() == 0 or tensor.dtype.is_complex:
        return tensor
    flat = tensor.reshape(-1) if unordered == "all" else tensor
    axis = 0 if unordered == "all" else int(unordered)
    if not -flat.dim() <= axis < flat.dim():
        return tensor  # an axis this output does not have: compared as it is
    return flat.sort(dim=axis, stable=True).values


def compare_tensors(
    want: torch.Tensor,
    have: torch.Tensor,
    tol: Tolerance,
    label: str | Message,
    what: str = "value",
    *,
    dtype_of: torch.Tensor | None = None,
    inputs: Mapping[str, torch.Tensor] | None = None,
) -> Mismatch | None:
    """Dtype, shape, then values with NaN positions; the first differing index is reported, with
    `inputs` there. The default tolerances are those of `dtype_of`'s dtype (of `want` itself
    unless given)."""
    import torch

    if want.dtype != have.dtype:
        return Mismatch("dtype", label, expected=_dtype(want), got=_dtype(have))
    if want.shape != have.shape:
        return Mismatch("shape", label, expected=str(tuple(want.shape)), got=str(tuple(have.shape)))
    if want.numel() == 0:
        return None
    if want.is_floating_point() or want.is_complex():
        rtol, atol = _tolerances(want if dtype_of is None else dtype_of, tol)
        close = torch.isclose(have, want, rtol=rtol, atol=atol, equal_nan=True)
    else:
        close = have == want
    if bool(close.all()):
        return None
    index = [int(i) for i in (~close).nonzero()[0]]
    return Mismatch(
        what,
        label,
        index=tuple(index),
        expected=_scalar(want, index),
        got=_scalar(have, index),
        inputs=inputs_near(inputs or {}, list(want.shape), index),
    )


NEAR = 5  # values shown around the differing element, along the input's last axis


def inputs_near(
    inputs: Mapping[str, torch.Tensor], shape: list[int], index: list[int]
) -> tuple[InputNear, ...]:
    """Each input at `index` of a tensor of `shape`, where its shape broadcasts to that one (the
    element the differing one was computed from, in an elementwise drill); the others by their
    shape alone. Nothing when no input lines up: shapes alone do not help find the bug."""
    near = []
    for name, tensor in inputs.items():
        dims = tuple(tensor.shape)
        aligned = len(dims) <= len(shape) and all(
            d in (1, s) for d, s in zip(dims, shape[len(shape) - len(dims) :], strict=True)
        )
        if not aligned:
            near.append(InputNear(name, dims))
            continue
        at = tuple(0 if d == 1 else i for d, i in zip(dims, index[len(index) - len(dims) :], strict=True))
        if not dims:
            near.append(InputNear(name, dims, at, at, (_scalar(tensor, list(at)),)))
            continue
        last = dims[-1]
        first = max(0, min(at[-1] - NEAR // 2, last - NEAR))
        row = tensor[tuple(at[:-1])][first : first + NEAR]
        values = tuple(_scalar(row, [k]) for k in range(row.shape[0]))
        near.append(InputNear(name, dims, at, (*at[:-1], first), values))
    return tuple(near) if any(entry.index is not None for entry in near) else ()


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


def _shape_of_answer(answer: Answer) -> Message:
    if answer.is_tuple:
        return message("mismatch", "a_tuple_of", count=len(answer.items))
    return message("mismatch", "one_of", type=_type_label(answer.items[0]))
