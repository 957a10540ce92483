"""The files `vecdrill new` writes: a complete drill that loads, with every part marked TODO."""

from __future__ import annotations

_MANIFEST = """format = 1
title = "TODO: a short title"
level = 1
library = "{library}"
techniques = ["TODO"]
task = "TODO: one or two sentences saying what {function}(x) returns."
sizes = [{{ N = 1 }}, {{ N = 7 }}, {{ N = 64 }}]
bench = {{ N = 100000 }}
probe = [{{ N = 64 }}, {{ N = 1024 }}]
hints = [
  "TODO: a nudge towards the idea.",
  "TODO: the name of the function to use.",
]
{zh}
[[inputs]]
name = "x"
shape = ["N"]
dtype = "{dtype}"
kind = "normal"
"""

_IMPORT = {"torch": "import torch", "numpy": "import numpy as np"}
_MODULE = {"torch": "torch", "numpy": "np"}
_TYPE = {"torch": "torch.Tensor", "numpy": "np.ndarray"}
_LOOP_BODY = (
    "    out = {module}.empty_like(x)\n    for i in range(x.shape[0]):\n"
    "        out[i] = x[i] * 2  # TODO: the real per-element work\n    return out\n"
)
_DOC = '    """TODO: what it computes.\n\n    x: (N,) {dtype}.\n    Returns (N,) {dtype}.\n    """\n'
_EXPLAIN = (
    "# TODO: title\n\n## Why the loop is slow\nTODO\n\n## The technique\nTODO\n\n"
    "## Pitfalls\nTODO\n\n## When a loop is fine\nTODO\n"
)
_EXPLAIN_ZH = (
    "# TODO：标题\n\n## 循环为什么慢\nTODO\n\n## 向量化的做法\nTODO\n\n"
    "## 容易踩的坑\nTODO\n\n## 什么时候循环也可以\nTODO\n"
)


_ZH_TABLE = """
[zh]
title = "TODO：标题"
task = "TODO：说明 {function}(x) 返回什么。"
hints = ["TODO：提示方向。", "TODO：给出函数名。"]
"""


def render(drill_id: str, library: str, chinese: bool = True) -> dict[str, str]:
    """Every file of a new drill; without `chinese` (an English-only course), no [zh] table and
    no explain.zh.md to fill in."""
    function = drill_id.replace("-", "_")
    dtype = "float32" if library == "torch" else "float64"
    head = f"{_IMPORT[library]}\n\n\ndef {function}(x: {_TYPE[library]}) -> {_TYPE[library]}:\n"
    doc = _DOC.format(dtype=dtype)
    zh = _ZH_TABLE.format(function=function) if chinese else ""
    files = {
        "drill.toml": _MANIFEST.format(library=library, function=function, dtype=dtype, zh=zh),
        "loop.py": head + doc + _LOOP_BODY.format(module=_MODULE[library]),
        "starter.py": head + doc + "    # TODO: replace the loop with whole-array operations.\n"
        f'    raise NotImplementedError("write {function}")\n',
        "solution.py": head + doc + "    return x * 2  # TODO: the reference solution\n",
        "explain.md": _EXPLAIN,
    }
    if chinese:
        files["explain.zh.md"] = _EXPLAIN_ZH
    return files
