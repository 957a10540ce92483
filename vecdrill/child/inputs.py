"""Build a drill's inputs for one size and seed, identically in every process.

Values are drawn on the CPU from a `torch.Generator` seeded with the check's seed and then moved to
the device, so the loop, the solution and every device see the same numbers. An edge case
(`"<input>:<edge>"`, see `InputSpec.edges`) then forces one input's values, from a generator of its
own, so every other input keeps the numbers it has in the plain case.
"""

from __future__ import annotations

import json
import types
from typing import TYPE_CHECKING, Any

from vecdrill.content.drill import Drill, InputSpec, Size

if TYPE_CHECKING:
    import torch


def make_inputs(
    drill: Drill,
    size: Size,
    seed: int,
    *,
    device: str = "cpu",
    noncontiguous: bool = False,
    edge: str | None = None,
    loop: types.ModuleType | None = None,
) -> dict[str, Any]:
    """Every input by name: tensors (torch drills), ndarrays (numpy drills) or Python numbers.
    A drill with custom inputs needs `loop`, its loop.py as a module, whose `make_inputs` builds
    them."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    custom = _custom_inputs(drill, size, gen, loop)
    forced_name, _, forced_edge = (edge or "").partition(":")
    values: dict[str, Any] = {}
    for spec in drill.inputs:
        value = custom[spec.name] if spec.kind == "custom" else _draw(spec, size, gen, noncontiguous)
        if spec.name == forced_name and isinstance(value, torch.Tensor):
            value = _forced(spec, value, forced_edge, size, seed)
        if drill.library == "numpy" and isinstance(value, torch.Tensor):
            value = value.numpy()
        elif isinstance(value, torch.Tensor) and spec.device == "same":
            value = fresh_copy(value, device)
        values[spec.name] = value
    return values


def fresh_copy(value: Any, device: str | None = None) -> Any:
    """A copy of an input (on `device`, for a tensor) with the very strides of the original: a
    non-contiguous case must reach the function non-contiguous, and torch's `clone`, `.to()` and
    numpy's `copy` all make a strided view contiguous. Python numbers are returned as they are."""
    import numpy as np
    import torch

    if isinstance(value, torch.Tensor):
        twin = torch.empty_strided(
            value.shape, value.stride(), dtype=value.dtype, device=device or value.device
        )
        return twin.copy_(value)
    if isinstance(value, np.ndarray):
        if value.size == 0 or any(step < 0 or step % value.itemsize for step in value.strides):
            return value.copy()
        last = sum((n - 1) * step for n, step in zip(value.shape, value.strides, strict=True))
        base = np.empty(last // value.itemsize + 1, dtype=value.dtype)
        copy = np.lib.stride_tricks.as_strided(base, value.shape, value.strides)
        copy[...] = value
        return copy
    return value


class InputError(Exception):
    """The drill's own `make_inputs` broke its contract; the message is a sentence for its author."""


def _custom_inputs(
    drill: Drill, size: Size, gen: torch.Generator, module: types.ModuleType | None
) -> dict[str, Any]:
    names = [spec.name for spec in drill.inputs if spec.kind == "custom"]
    if not names:
        return {}
    maker = getattr(module, "make_inputs", None)
    if not callable(maker):
        raise InputError(
            f"drill.toml declares custom inputs ({', '.join(names)}) but loop.py defines no "
            "make_inputs(size, gen); add it, returning a dict of those inputs by name"
        )
    produced = maker(dict(size), gen)
    if not isinstance(produced, dict):
        raise InputError(
            f"make_inputs returned a {type(produced).__name__}; return a dict of the custom "
            f"inputs declared in drill.toml by name ({', '.join(names)})"
        )
    for name in names:
        if name not in produced:
            raise InputError(
                f"make_inputs returned no input {name!r}; return every custom input declared in "
                f"drill.toml ({', '.join(names)})"
            )
    return produced


_NUMBERS: dict[type, tuple[str, ...]] = {bool: ("bool",), int: ("int", "uint"), float: ("float", "bfloat")}


def declared_problem(drill: Drill, size: Size, values: dict[str, Any]) -> str | None:
    """How a custom input differs from its declared `shape` and `dtype` at `size`, if it does.
    Checked in the loop's run only: the author's mistake, told before any answer is compared."""
    at = ", ".join(f"{k}={v}" for k, v in size.items())
    for spec in drill.inputs:
        if spec.kind != "custom":
            continue
        value = values[spec.name]
        if type(value) in _NUMBERS and not spec.shape:  # a Python number for a scalar input
            if spec.dtype.startswith(_NUMBERS[type(value)]):
                continue
            return (
                f"make_inputs returned {spec.name!r} as a Python {type(value).__name__}, but drill.toml "
                f'declares dtype = "{spec.dtype}"; return a number of that kind, or fix '
                "the input's dtype in drill.toml"
            )
        shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
        if shape is None or dtype is None:
            return (
                f"make_inputs returned {spec.name!r} as a {type(value).__name__}; return a "
                f"{'numpy array' if drill.library == 'numpy' else 'tensor'}"
                + (" (or a Python number, for a scalar)" if not spec.shape else "")
            )
        declared = resolve_shape(spec, size)
        if list(shape) != declared:
            return (
                f"make_inputs returned {spec.name!r} with shape {tuple(shape)} at size {at}, but "
                f"drill.toml declares shape = {json.dumps(list(spec.shape))}, which is "
                f"{tuple(declared)} there; return that shape, or fix the input's shape in drill.toml"
            )
        got = str(dtype).removeprefix("torch.")
        if got != spec.dtype:
            return (
                f"make_inputs returned {spec.name!r} as {got}, but drill.toml declares "
                f'dtype = "{spec.dtype}"; convert it, or fix the input\'s dtype in drill.toml'
            )
    return None


def _forced(spec: InputSpec, drawn: torch.Tensor, edge: str, size: Size, seed: int) -> torch.Tensor:
    """The drawn tensor's values replaced by one edge, in its shape and dtype."""
    import torch

    gen = torch.Generator().manual_seed(seed + 7)
    if edge in ("zeros", "first", "false"):
        value = torch.zeros(drawn.shape)
    elif edge == "true":
        value = torch.ones(drawn.shape)
    elif edge == "low":
        value = torch.full(drawn.shape, spec.low)
    elif edge == "high":
        value = torch.full(drawn.shape, spec.high - 1)
    elif edge == "last":
        value = torch.full(drawn.shape, float(index_top(spec, size)))
    elif edge == "uniform":
        value = torch.full(drawn.shape, 1.0 / max(drawn.shape[-1], 1) if drawn.dim() else 1.0)
    elif edge == "ties":  # three values drawn as the kind draws them, repeated throughout
        if spec.kind == "normal":
            pool = torch.randn(3, generator=gen) * spec.scale
        else:
            pool = torch.rand(3, generator=gen) * (spec.high - spec.low) + spec.low
        value = pool[torch.randint(0, 3, drawn.shape, generator=gen)]
    else:
        raise ValueError(f"unknown edge {edge!r} for input {spec.name!r}")
    return value.to(drawn.dtype)


def index_top(spec: InputSpec, size: Size) -> int:
    """An index input's largest value: the size of its `into` dimension with `inclusive`, else one
    less (0 for an empty dimension, whose draws are all 0)."""
    assert spec.into is not None
    top = size[spec.into]
    return top if spec.inclusive else max(top - 1, 0)


def resolve_shape(spec: InputSpec, size: Size) -> list[int]:
    return [d if isinstance(d, int) else size[d] for d in spec.shape]


def _draw(spec: InputSpec, size: Size, gen: torch.Generator, noncontiguous: bool) -> Any:
    import torch

    if spec.kind == "dim":
        assert spec.dim is not None
        return size[spec.dim]
    if spec.kind == "const":
        return spec.value
    shape = resolve_shape(spec, size)
    strided = noncontiguous and len(shape) >= 1
    if strided:
        shape = [*shape[:-1], shape[-1] * 2]
    dtype = getattr(torch, spec.dtype)
    # float64 inputs are drawn in float64: drawn in float32 and widened, their values would repeat
    # far more often than float64's (ties at the benchmark size that no real data has).
    drawn = torch.float64 if dtype == torch.float64 else torch.float32
    if spec.kind == "normal":
        value = torch.randn(shape, generator=gen, dtype=drawn) * spec.scale
    elif spec.kind == "uniform":
        value = torch.rand(shape, generator=gen, dtype=drawn) * (spec.high - spec.low) + spec.low
    elif spec.kind == "probs":
        value = torch.softmax(torch.randn(shape, generator=gen, dtype=drawn), dim=-1)
    elif spec.kind == "bool":
        value = torch.rand(shape, generator=gen) < spec.p
    elif spec.kind == "int":
        value = torch.randint(int(spec.low), int(spec.high), shape, generator=gen)
    else:  # index
        value = torch.randint(0, index_top(spec, size) + 1, shape, generator=gen)
    value = value.to(dtype)
    if strided:
        value = value[..., ::2]
    return value
