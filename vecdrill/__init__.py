"""Learn to replace Python loops with vectorized PyTorch and NumPy code, one drill at a time.

From Python or a notebook: `vecdrill.check(solution, drill)`, `vecdrill.show(id)`,
`vecdrill.hint(id)`, `vecdrill.drills()` and `vecdrill.write_notebook(id)` (vecdrill/notebook/api.py);
`%load_ext vecdrill` gives the `%%vecdrill ID` cell magic. They load on first use, so `import
vecdrill` imports neither torch, numpy nor IPython.

`vecdrill.check` is both this function and the name of the `vecdrill.check` subpackage, which the
import system would bind here once it is imported. The package's module type therefore serves the
function under that name; the subpackage stays what `from vecdrill.check import ...` finds.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
__all__ = ["__version__", "check", "drills", "hint", "load_ipython_extension", "show", "write_notebook"]

if TYPE_CHECKING:
    from vecdrill.notebook.api import check, drills, hint, show, write_notebook

_API = ("drills", "hint", "show", "write_notebook")


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


class _Package(types.ModuleType):
    @property
    def check(self) -> Any:
        from vecdrill.notebook import api

        return api.check

    @check.setter
    def check(self, subpackage: types.ModuleType) -> None:
        """The import system binding `vecdrill.check` (the subpackage): it stays in sys.modules."""


sys.modules[__name__].__class__ = _Package
