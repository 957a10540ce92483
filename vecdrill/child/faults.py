"""Whose fault a failure in the child is, in words: `Rejected`, what the worker reports instead of
outputs, and the sentences that make a failure of the drill's own code its author's problem.

In the trusted reference child the loop, the reference solution, `make_inputs` and the helper
drills are the drill author's: what they raise becomes a `drill_error` naming the file, the line,
the size and the fix. Nothing here decides an answer: a rejection is never cached (the parent
raises a DrillError instead), so this module is not part of `check.expected.ANSWER_CODE`.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import TypeVar

from vecdrill import wire
from vecdrill.child.inputs import InputError
from vecdrill.content.drill import Drill, Size

T = TypeVar("T")


class Rejected(Exception):
    """The function did something the harness reports instead of its outputs."""

    def __init__(
        self, status: str, message: str, case: str | None = None, tb: str = "", line: int | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.case, self.traceback = status, message, case, tb
        self.line = line  # the deepest line of the running file, when it raised


def authors(request: wire.WorkerRequest, name: str, at: str, step: Callable[[], T]) -> T:
    """A step of the reference child, whose failure is the drill author's; in the solution's
    child, as it is."""
    return authors_step(name, at, step) if request.mode == "reference" else step()


def authors_step(name: str, at: str, step: Callable[[], T]) -> T:
    """Run `step` of the drill's own `name` (loop.py, solution.py); an exception it raised becomes
    a sentence naming the file, the line, the size and the fix."""
    try:
        return step()
    except InputError as exc:  # make_inputs at a size no case uses
        raise Rejected("drill_error", f"{exc} {at}", case="loop.py") from None
    except Rejected as rejected:
        if rejected.status not in ("error", "memory", "mutated"):
            raise
        line = f" (line {rejected.line})" if rejected.line else ""
        who = "loop" if name == "loop.py" else "solution"
        did = "changed its inputs in place" if rejected.status == "mutated" else f"raised {rejected.message}"
        raise Rejected(
            "drill_error",
            f"the reference {who} {did}{line} {at}; fix {name} so it runs at every size in drill.toml",
            case=name,
            tb=rejected.traceback,
        ) from None


def _drill_error(message: str, file: str = "loop.py") -> Rejected:
    return Rejected("drill_error", message, case=file)


def input_problem(message: str) -> Rejected:
    """Inputs that break the drill's declarations (an InputError, a declared shape not met)."""
    return _drill_error(message)


def inputs_raised(exc: BaseException, drill: Drill, size: Size) -> Rejected:
    """The drill's own `make_inputs` raised while building a case."""
    line = at_line(exc, str(drill.file("loop.py")))
    return _drill_error(
        f"make_inputs raised {describe(exc)}{f' (line {line})' if line else ''} at size "
        f"{size_text(size)}; fix it so it builds every declared input at every size"
    )


def odd_loop_output(kind: str, in_tuple: bool, library: str) -> Rejected:
    """The reference loop returned something vecdrill cannot compare (`kind`, a type's name)."""
    article = "an " if kind[:1].lower() in "aeiou" else "a "
    what = f"a tuple holding {article}" if in_tuple else article
    return _drill_error(
        f"the reference loop returned {what}{kind}; return a "
        f"{'numpy array' if library == 'numpy' else 'tensor'}, or a tuple of them"
    )


def load_failed(exc: BaseException, drill: Drill, name: str) -> Rejected:
    """The drill's file `name` (loop.py, solution.py) raised while it was being imported."""
    line = at_line(exc, str(drill.file(name)))
    return _drill_error(
        f"raised {describe(exc)}{f' (line {line})' if line else ''} while it was being loaded; "
        "fix it so it imports cleanly",
        name,
    )


def helper_failed(exc: BaseException) -> Rejected:
    return Rejected("drill_error", f"a helper drill could not be loaded: {describe(exc)}")


def size_text(size: Size) -> str:
    return ", ".join(f"{k}={v}" for k, v in size.items())


def at_line(exc: BaseException, filename: str) -> int | None:
    """The deepest line of `filename` in the exception's traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    return frames[-1].lineno if frames else None


# What torch says when code writes into a tensor that requires grad (an input, in the gradient
# pass): refused at once for a leaf or a view of one, or found by the backward pass.
IN_PLACE_MARKERS = (
    "leaf Variable that requires grad is being used in an in-place operation",
    "needed for gradient computation has been modified by an inplace operation",
)


def wrote_input(exc: BaseException) -> bool:
    """Whether `exc` is torch's complaint about an in-place write under autograd."""
    return isinstance(exc, RuntimeError) and any(marker in str(exc) for marker in IN_PLACE_MARKERS)


def describe(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
