"""Learn to replace Python loops with vectorized PyTorch and NumPy code, one drill at a time.

From Python or a notebook: `vecdrill.check(solution, drill)`, `vecdrill.show(id)`,
`vecdrill.hint(id)`, `vecdrill.drills()` and `vecdrill.write_notebook(id)` (vecdrill/notebook/api.py);
`%load_ext vecdrill` gives the `%%vecdrill ID` cell magic. They load on first use, so `import
vecdrill` imports neither torch, numpy nor IPython.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vecdrill.version import __version__

__all__ = ["__version__", "check", "drills", "hint", "load_ipython_extension", "show", "write_notebook"]

if TYPE_CHECKING:
    from vecdrill.notebook.api import check, drills, hint, show, write_notebook

_API = ("check", "drills", "hint", "show", "write_notebook")


def __getattr__(name: str) -> Any:
    if name in _API:
        from vecdrill.notebook import api

        return getattr(api, name)
    raise AttributeError(f"module 'vecdrill' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def load_ipython_extension(ipython: Any) -> None:
    """`%load_ext vecdrill`: registers the `%%vecdrill` cell magic."""
    from vecdrill.notebook import magic

    magic.register(ipython)
