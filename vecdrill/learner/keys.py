"""Single key presses in `vecdrill try`, as rustlings' watch mode takes them.

While a session watches, the terminal is in cbreak mode: each key arrives at once and is not
echoed, while Ctrl-C still interrupts. The terminal buffers what is typed during a check, so no
thread is needed: the watch loop asks `waiting()` on every tick of the file watcher and reads the
key between checks. Leaving the `with` block (a quit, Ctrl-C, an error) puts the terminal's
settings back. Where stdin is not a terminal (piped, a test, Windows), there are no keys and the
session runs exactly as it would without them.
"""

from __future__ import annotations

import os
import select
import sys
from types import TracebackType
from typing import Any

NEXT, HINT, TASK, LIST, EXPLAIN, QUIT = "n", "h", "t", "l", "e", "q"


class Keys:
    """The keys pressed on stdin's terminal; `on` is False where there is none to read."""

    def __init__(self, wanted: bool) -> None:
        self.on = False
        self._wanted = wanted
        self._fd = -1
        self._saved: list[Any] | None = None
        self._typed = ""  # read from the terminal, not yet handed out

    def __enter__(self) -> Keys:
        if not self._wanted or not sys.stdin.isatty():
            return self
        try:
            import termios
            import tty
        except ImportError:  # Windows: the session runs without keys
            return self
        self._fd = sys.stdin.fileno()
        self._saved = termios.tcgetattr(self._fd)
        tty.setcbreak(self._fd, termios.TCSANOW)  # ISIG stays on: Ctrl-C still stops the session
        self.on = True
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved, self.on = None, False

    def waiting(self) -> bool:
        """True when a key has been pressed and not read yet."""
        return bool(self._typed) or (self.on and bool(select.select([self._fd], [], [], 0)[0]))

    def read(self) -> str:
        """The next key pressed, lower-cased; "" for none, or one that is not a letter (Enter,
        or an arrow, whose escape sequence is dropped whole)."""
        if not self._typed and self.waiting():
            typed = os.read(self._fd, 64).decode("utf-8", errors="replace")
            self._typed = "" if typed.startswith("\x1b") else typed
            self.on = self.on and typed != ""  # the terminal hung up: no more keys
        key, self._typed = self._typed[:1], self._typed[1:]
        return key.lower() if key.isalpha() else ""
