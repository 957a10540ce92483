"""Exit codes and the error types that map onto them.

A learner's solution failing is a *result* (exit 1), never an exception. The exceptions here are for
vecdrill being misused (usage), a drill being broken, or vecdrill itself failing. Only `cli.py` turns
them into exit codes.
"""

from __future__ import annotations

import enum

from vecdrill.messages import Message


class ExitCode(enum.IntEnum):
    OK = 0  # every checked file passed, or the command did what was asked
    NOT_PASSED = 1  # at least one solution did not pass
    USAGE = 2  # bad arguments: a missing file, an unknown drill id, a bad option value
    BROKEN_DRILL = 3  # a drill's own files are invalid or its reference code fails
    INTERNAL = 4  # a bug in vecdrill, or a sandbox that could not start


class VecdrillError(Exception):
    """Base class: the message is one sentence for its reader. What a learner or teacher meets (an
    unknown drill, a missing file, a bad option) is a catalogue `Message`, worded at the error
    boundary in the reader's language; what only a drill's author or vecdrill's own code meets (a
    broken drill's field) stays a plain English sentence."""

    exit_code: ExitCode = ExitCode.INTERNAL

    def __init__(self, said: Message | str) -> None:
        super().__init__(said if isinstance(said, str) else said.text("en"))
        self.said = said

    def text(self, lang: str) -> str:
        return self.said if isinstance(self.said, str) else self.said.text(lang)


class UsageError(VecdrillError):
    exit_code = ExitCode.USAGE


class DrillError(VecdrillError):
    """A drill folder is malformed; the message names the file and the fix."""

    exit_code = ExitCode.BROKEN_DRILL

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem
