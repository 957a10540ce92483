"""Build a drill's inputs for one size and seed, identically in every process.

Values are drawn on the CPU from a `torch.Generator` seeded with the check's seed and then moved to
the device, so the loop, the solution and every device see the same numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vecdrill.content.drill import Drill, InputSpec, Size
from vecdrill.content.drill_code import load_module

if TYPE_CHECKING:
    import torch


def make_inputs(
    drill: Drill, size: Size, seed: int, *, device: str = "cpu", noncontiguous: bool = False
) -> dict[str, Any]:
    """Every input by name: tensors (torch drills), ndarrays (numpy drills) or Python numbers."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    custom = _custom_inputs(drill, size, gen)
    values: dict[str, Any] = {}
    for spec in drill.inputs:
        value = custom[spec.name] if spec.kind == "custom" else _draw(spec, size, gen, noncontiguous)
        if drill.library == "numpy" and isinstance(value, torch.Tensor):
            value = value.numpy()
        elif isinstance(value, torch.Tensor) and spec.device == "same":
            value = value.to(device)
        values[spec.name] = value
    return values


def _custom_inputs(drill: Drill, size: Size, gen: torch.Generator) -> dict[str, Any]:
    if not any(spec.kind == "custom" for spec in drill.inputs):
        return {}
    module = load_module(drill.file("loop.py"))
    produced: dict[str, Any] = module.make_inputs(dict(size), gen)
    return produced


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
    if spec.kind == "normal":
        value = torch.randn(shape, generator=gen) * spec.scale
    elif spec.kind == "uniform":
        value = torch.rand(shape, generator=gen) * (spec.high - spec.low) + spec.low
    elif spec.kind == "probs":
        value = torch.softmax(torch.randn(shape, generator=gen), dim=-1)
    elif spec.kind == "bool":
        value = torch.rand(shape, generator=gen) < spec.p
    elif spec.kind == "int":
        value = torch.randint(int(spec.low), int(spec.high), shape, generator=gen)
    else:  # index
        assert spec.into is not None
        bound = size[spec.into]
        value = torch.randint(0, max(bound, 1), shape, generator=gen)
    value = value.to(dtype)
    if strided:
        value = value[..., ::2]
    return value
