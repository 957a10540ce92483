"""Which isolation layer a sandboxed child gets on this machine, and why not a stronger one.

Layers, strongest first: bubblewrap (read-only root, private /tmp and home dirs, no network, own pid
namespace), unshare (no network, own pid namespace) and plain (own session only). Each layer is
probed once per process, with the flags that real runs use, so a layer reported as working works;
a probe that times out is tried again with a longer wait, so a loaded machine does not fall into a
weaker layer, and a check that does run weaker than the machine's best says why.
"""

import enum
import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass

from vecdrill.errors import UsageError
from vecdrill.messages import Message, message


class Isolation(str, enum.Enum):
    BWRAP = "bwrap"
    UNSHARE = "unshare"
    PLAIN = "plain"


@dataclass(frozen=True)
class IsolationReport:
    layer: Isolation
    reasons: dict[str, Message]  # for each stronger layer not used: why
    seccomp: bool  # whether the child will load the seccomp filter
    accident_guard_only: bool  # plain: the audit hook stops accidents, not attackers
    forced: bool = False  # the layer was asked for (argument or $VECDRILL_ISOLATION)

    def fallback_note(self) -> Message | None:
        """One sentence when this layer is weaker than the strongest for a reason other than a
        request: the learner should know their verdict came from a weaker sandbox, and why."""
        if self.forced or not self.reasons:
            return None
        strongest, why = next(iter(self.reasons.items()))
        return message("note", "weaker_sandbox", layer=self.layer.value, strongest=strongest, why=why)


FORCE_ENV = "VECDRILL_ISOLATION"
BWRAP_FLAGS = ("--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session")
UNSHARE_FLAGS = (
    "--user",
    "--map-root-user",
    "--net",
    "--pid",
    "--ipc",
    "--uts",
    "--fork",
    "--kill-child",
    "--mount-proc",
)
_STRONGEST_FIRST = (Isolation.BWRAP, Isolation.UNSHARE, Isolation.PLAIN)
# Seconds a probe may take: a first try, then one longer try, since building a namespace on a
# loaded machine (a first run after boot, a busy CI runner) can take more than the first wait.
PROBE_TIMEOUTS = (10.0, 60.0)


class IsolationUnavailable(UsageError, ValueError):
    """An unknown layer name, or a forced layer this machine lacks: the user's choice to fix."""


def detect_isolation(forced: str | None = None) -> IsolationReport:
    """The strongest layer that works here, or the forced one (argument, else $VECDRILL_ISOLATION).

    Raises IsolationUnavailable (a usage error) for an unknown layer name or a forced layer this
    machine lacks.
    """
    choice = forced or os.environ.get(FORCE_ENV) or None
    problems = _layer_problems()
    if choice is None:
        layer = next(candidate for candidate in _STRONGEST_FIRST if problems[candidate] is None)
    else:
        try:
            layer = Isolation(choice.strip().lower())
        except ValueError:
            raise IsolationUnavailable(message("errors", "unknown_layer", layer=choice)) from None
        if (problem := problems[layer]) is not None:
            said = message("errors", "layer_unavailable", layer=layer.value, problem=problem)
            raise IsolationUnavailable(said)
    stronger = _STRONGEST_FIRST[: _STRONGEST_FIRST.index(layer)]
    reasons = {
        other.value: problems[other] or message("isolation", "not_requested", layer=layer.value)
        for other in stronger
    }
    return IsolationReport(layer, reasons, _seccomp_works(), layer is Isolation.PLAIN, choice is not None)


def tool(name: str) -> str:
    """The full path of a layer's launcher, which detection found earlier."""
    path = shutil.which(name)
    if path is None:
        raise FileNotFoundError(f"{name} disappeared from PATH after it was detected")
    return path


@functools.cache
def _seccomp_works() -> bool:
    """Whether pyseccomp and libseccomp load here; the child runs this interpreter, so the answer
    holds for it (and `child.guard` loads the filter only when told it works)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import pyseccomp

        pyseccomp.SyscallFilter(pyseccomp.ALLOW)
    except (ImportError, OSError, AttributeError):
        return False
    return True


@functools.cache
def _layer_problems() -> dict[Isolation, Message | None]:
    """Why each layer cannot run here (None: it can), probed with the flags runs will use."""
    bwrap_probe = [
        *BWRAP_FLAGS,
        "--ro-bind",
        "/",
        "/",
        "--size",
        "1048576",
        "--tmpfs",
        "/tmp",
        "--remount-ro",
        "/tmp",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "true",
    ]
    return {
        Isolation.BWRAP: _probe("bwrap", bwrap_probe, "install_bubblewrap"),
        Isolation.UNSHARE: _probe("unshare", [*UNSHARE_FLAGS, "true"], "install_util_linux"),
        Isolation.PLAIN: None,
    }


def _probe(name: str, args: list[str], install_hint: str) -> Message | None:
    """Why layer `name` cannot run here, or None; `install_hint` is the `isolation` code naming
    its package."""
    if not sys.platform.startswith("linux"):
        return message("isolation", "needs_linux", name=name)
    path = shutil.which(name)
    if path is None:
        return message("isolation", "not_found", name=name, hint=message("isolation", install_hint))
    for timeout in PROBE_TIMEOUTS:
        try:
            done = subprocess.run(
                [path, *args], stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, check=False
            )
            break
        except subprocess.TimeoutExpired:
            continue
        except OSError as exc:
            return message("isolation", "cannot_start", name=name, problem=exc)
    else:
        first, then = PROBE_TIMEOUTS
        return message("isolation", "too_slow", name=name, first=first, then=then)
    if done.returncode == 0:
        return None
    said = done.stderr.decode(errors="replace").strip().splitlines()
    detail = said[-1] if said else message("isolation", "exit_status", status=done.returncode)
    return message("isolation", "blocked", name=name, detail=detail)
