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
from vecdrill.messages import Message, message
from vecdrill.result import units

T = TypeVar("T")


class Rejected(Exception):
    """The function did something the harness reports instead of its outputs. `message` is the
    learner's own text where there is one (an exception's); a drill's failure is `said`, a sentence
    of the catalogue's `child` section that travels as data and is worded in the parent."""

    def __init__(
        self,
        status: str,
        message: str = "",
        case: str | None = None,
        tb: str = "",
        line: int | None = None,
        said: Message | None = None,
    ) -> None:
        super().__init__(said.text("en") if said is not None else message)
        self.status, self.message, self.case, self.traceback = status, message, case, tb
        self.line = line  # the deepest line of the running file, when it raised
        self.said = said


def authors(request: wire.WorkerRequest, name: str, at: Message, step: Callable[[], T]) -> T:
    """A step of the reference child, whose failure is the drill author's; in the solution's
    child, as it is."""
    return authors_step(name, at, step) if request.mode == "reference" else step()


def authors_step(name: str, at: Message, step: Callable[[], T]) -> T:
    """Run `step` of the drill's own `name` (loop.py, solution.py); an exception it raised becomes
    a sentence naming the file, the line, the size and the fix."""
    try:
        return step()
    except InputError as exc:  # make_inputs at a size no case uses
        raise _drill_error(message("child", "input_at", problem=str(exc), at=at)) from None
    except Rejected as rejected:
        if rejected.status not in ("error", "memory", "mutated"):
            raise
        did = (
            message("child", "changed_inputs")
            if rejected.status == "mutated"
            else message("child", "raised", error=rejected.message or rejected.said or "")
        )
        said = message(
            "child",
            "reference_failed",
            who=message("child", "loop" if name == "loop.py" else "solution"),
            did=did,
            line=_line(rejected.line),
            at=at,
            name=name,
        )
        raise Rejected("drill_error", case=name, tb=rejected.traceback, said=said) from None


def at_size(size: Size) -> Message:
    return message("child", "at_size", size=units.size(size))


def _line(line: int | None) -> Message | str:
    return message("child", "at_line", line=line) if line else ""


def _drill_error(said: Message, file: str = "loop.py") -> Rejected:
    return Rejected("drill_error", case=file, said=said)


def input_problem(problem: str) -> Rejected:
    """Inputs that break the drill's declarations (an InputError, a declared shape not met)."""
    return _drill_error(message("child", "inputs_wrong", problem=problem))


def inputs_raised(exc: BaseException, drill: Drill, size: Size) -> Rejected:
    """The drill's own `make_inputs` raised while building a case."""
    line = at_line(exc, str(drill.file("loop.py")))
    return _drill_error(
        message("child", "inputs_raised", error=describe(exc), line=_line(line), size=units.size(size))
    )


def odd_loop_output(kind: str, in_tuple: bool, library: str) -> Rejected:
    """The reference loop returned something vecdrill cannot compare (`kind`, a type's name)."""
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    what = message("child", f"{'tuple_holding' if in_tuple else 'one'}_{article}", kind=kind)
    wanted = message("child", "numpy_array" if library == "numpy" else "tensor")
    return _drill_error(message("child", "odd_output", what=what, wanted=wanted))


def load_failed(exc: BaseException, drill: Drill, name: str) -> Rejected:
    """The drill's file `name` (loop.py, solution.py) raised while it was being imported."""
    line = at_line(exc, str(drill.file(name)))
    return _drill_error(message("child", "load_failed", error=describe(exc), line=_line(line)), name)


def helper_failed(exc: BaseException) -> Rejected:
    return Rejected("drill_error", said=message("child", "helper_failed", error=describe(exc)))


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
