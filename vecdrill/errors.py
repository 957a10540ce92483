"""Exit codes and the error types that map onto them.

A learner's solution failing is a *result* (exit 1), never an exception. The exceptions here are for
vecdrill being misused (usage), a drill being broken, or vecdrill itself failing. Only `cli.py` turns
them into exit codes.
"""

from __future__ import annotations

import enum


class ExitCode(enum.IntEnum):
    OK = 0  # every checked file passed, or the command did what was asked
    NOT_PASSED = 1  # at least one solution did not pass
    USAGE = 2  # bad arguments: a missing file, an unknown drill id, a bad option value
    BROKEN_DRILL = 3  # a drill's own files are invalid or its reference code fails
    INTERNAL = 4  # a bug in vecdrill, or a sandbox that could not start


class VecdrillError(Exception):
    """Base class: the message is one learner-readable sentence."""

    exit_code: ExitCode = ExitCode.INTERNAL


class UsageError(VecdrillError):
    exit_code = ExitCode.USAGE


class DrillError(VecdrillError):
    """A drill folder is malformed; the message names the file and the fix."""

    exit_code = ExitCode.BROKEN_DRILL

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem
