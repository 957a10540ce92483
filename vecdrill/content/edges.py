"""The edge values a check forces on an input, by the input's kind.

A random draw rarely hits the values where wrong answers show: all zeros, ties, every index the
smallest or the largest one (so all other bins or segments stay empty), an all-false mask. The
plan (check/plan.py) adds one case per input and edge; the child (child/inputs.py) forces the
values in every process alike. Standard library only: the parent plans without torch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # drill.py validates `skip_edges` with `edges_of`, so no import at run time
    from vecdrill.content.drill import Drill, InputSpec

# What each edge makes the input, worded for the mismatch message ("every x entry is 0").
_WORDING = {
    "zeros": "is 0",
    "ties": "is one of three repeated values",
    "low": "is the smallest allowed value",
    "high": "is the largest allowed value",
    "first": "is 0, the smallest index, so every other bin or segment is empty",
    "last": "is the largest index",
    "false": "is False",
    "true": "is True",
    "uniform": "is equal (a uniform distribution)",
}


def edges_of(spec: InputSpec) -> tuple[str, ...]:
    """The edges that make sense for one input; none for sizes, constants and custom inputs."""
    if spec.kind == "normal":
        return ("zeros", "ties")
    if spec.kind == "uniform":
        return ("zeros", "ties") if spec.low <= 0.0 < spec.high else ("ties",)
    if spec.kind == "int":
        return ("low", "high")
    if spec.kind == "index":
        return ("first", "last")
    if spec.kind == "bool":
        return ("false", "true")
    if spec.kind == "probs":
        return ("uniform",)
    return ()


def drill_edges(drill: Drill) -> list[tuple[str, str]]:
    """(input name, edge) for every edge case of the drill, in input order."""
    if not drill.cases.edges:
        return []
    every = [(spec.name, edge) for spec in drill.inputs for edge in edges_of(spec)]
    return [(name, edge) for name, edge in every if f"{name}:{edge}" not in drill.cases.skip_edges]


def describe(name: str, edge: str) -> str:
    """How the mismatch message names an edge case: "every labels entry is 0 (...)"."""
    return f"every {name} entry {_WORDING[edge]}"
