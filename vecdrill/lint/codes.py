"""The lint's rules: a stable code each, the drill that teaches its fix, and whether it is on by
default. Their words (English and Chinese) are the catalogue's (vecdrill/messages/lint.py), their
examples in examples.py.

Codes are grouped by what the step costs: VD10x arithmetic done one element at a time, VD11x a
device sync per step, VD12x a tensor built a piece at a time, VD13x a loop in disguise, VD14x
nested loops that one matrix operation replaces. A code never changes meaning; a retired rule's
code is not reused.
"""

from __future__ import annotations

from dataclasses import dataclass

from vecdrill.lint.tensors import NUMPY


@dataclass(frozen=True)
class Rule:
    """One rule: its code, a short name, the drill for torch code and the one for numpy code."""

    code: str
    name: str
    torch_drill: str
    numpy_drill: str
    default: bool = True  # off when its measured precision is under 80% (benchmarks/lint_precision.md)

    def drill(self, kind: str) -> str:
        return self.numpy_drill if kind == NUMPY else self.torch_drill


RULES = {
    rule.code: rule
    for rule in (
        Rule("VD101", "element-loop", "build-from-scalars", "square-plus-one"),
        Rule("VD102", "gather-loop", "gather-logits", "take-along-axis"),
        Rule("VD103", "branch-loop", "relu-where", "select-conditions"),
        Rule("VD104", "length-mask-loop", "padding-mask-fill", "padding-mask-fill"),
        Rule("VD105", "scatter-loop", "scatter-sum", "add-at-counts"),
        Rule("VD110", "item-in-loop", "item-in-loop", "item-in-loop"),
        Rule("VD111", "host-copy-in-loop", "cpu-in-loop", "cpu-in-loop"),
        Rule("VD112", "implicit-sync-in-loop", "count-positive", "count-positive"),
        Rule("VD120", "scalar-tensors-stacked", "build-from-scalars", "build-from-scalars"),
        Rule("VD121", "grown-by-cat", "grow-by-cat", "grow-by-cat"),
        Rule("VD122", "rows-stacked", "linear-layer", "feature-weights"),
        Rule("VD130", "per-element-helper", "sqrt-scale", "sqrt-scale", default=False),
        Rule("VD131", "comprehension-over-tensor", "build-from-scalars", "square-plus-one"),
        Rule("VD132", "builtin-over-tensor", "count-positive", "square-plus-one"),
        Rule("VD140", "matmul-loops", "batched-matmul", "matmul-loops"),
        Rule("VD141", "pairwise-loops", "cosine-similarity-matrix", "pairwise-distances"),
    )
}
DEFAULT_SELECT = tuple(code for code, rule in RULES.items() if rule.default)
