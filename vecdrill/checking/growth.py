"""How the work a solution dispatches grows between probe sizes: a loop, a loop the drill allows,
or a value read into Python a fixed number of times.

The child counts torch operations, Python-level calls and scalar reads at each probe size
(child/counting.py); the reference solution's counts at the same sizes are the baseline. A drill
with `loop_over = "T"` is probed at a base size, at T grown alone and at each other dimension grown
alone (check/plan.py), so a loop over T passes and a loop over any other dimension is named.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vecdrill import wire
from vecdrill.content.drill import Drill, Size
from vecdrill.messages import Message, message
from vecdrill.result.model import Verdict
from vecdrill.supervisor.channels import Mark

# A counter has grown when it rises by more than this many units plus four times the reference
# solution's rise between the same two probe sizes.
LOOP_SLACK = 16
UNITS = ("aten", "calls")  # the counters that show a loop: torch operations, Python-level calls
# A drill that bans `.item()` bans every scalar read: int(t), float(t) and `if t:` read the same way.
SCALAR_READ_BAN = "torch.Tensor.item"


# The CPU time measured from outside the solution's process has grown when it rises by more than
# this many seconds, and by more than this many times the reference solution's own rise: enough
# for a loop of a few thousand torch calls, far more than a vectorized call on a few times the data.
CPU_SLACK_SECONDS = 0.002
CPU_RATIO = 200


@dataclass(frozen=True)
class Reads:
    verdict: Verdict  # PASS with a note, or FORBIDDEN where the drill bans scalar reads
    message: Message


def loop_growth(
    solution: dict[str, list[int]],
    reference: dict[str, list[int]],
    i: int = 0,
    j: int = 1,
    code: str = "work_grows",
    **named: Any,
) -> Message | None:
    """A sentence (`code`, with the values `named`) for the first counter that grows from probe
    `i` to probe `j` while the reference's stays flat, with how much the reference's rose."""
    for key in UNITS:
        if key not in solution or key not in reference:
            continue
        small, large = solution[key][i], solution[key][j]
        rise = max(0, reference[key][j] - reference[key][i])
        if large - small > LOOP_SLACK + 4 * rise:
            unit = message("verdict", f"unit_{key}")
            reads = syncs_clause(solution, i, j)
            return message(
                "verdict", code, small=small, unit=unit, large=large, reference=rise, reads=reads, **named
            )
    return None


def syncs_clause(solution: dict[str, list[int]], i: int, j: int) -> Message | str:
    """Where the growing work reads values into Python, say so: that is the loop's body."""
    reads = solution.get("syncs")
    if not reads or reads[j] <= reads[i]:
        return ""
    return message("verdict", "reads_grow", small=reads[i], large=reads[j])


def loop_over_growth(
    drill: Drill, probe: list[Size], solution: dict[str, list[int]], reference: dict[str, list[int]]
) -> Message | None:
    """For a `loop_over` drill: a sentence naming the first other dimension the work grows with."""
    base = probe[0]
    for j, size in enumerate(probe[2:], start=2):
        dim = next(d for d in size if size[d] != base[d])
        grown = {"dim": dim, "base": base[dim], "grown": size[dim], "loop_over": drill.loop_over}
        said = loop_growth(solution, reference, 0, j, "work_grows_with", **grown)
        if said is not None:
            return said
    return None


def scalar_reads(drill: Drill, counts: dict[str, list[int]]) -> Reads | None:
    """Values read out of tensors a fixed number of times (a size, a threshold) are no loop, but
    each is a device sync: a note, or a forbidden verdict where the drill bans them."""
    reads = max(counts.get("syncs", [0]))
    if not reads:
        return None
    what = message("verdict", "reads_one") if reads == 1 else message("verdict", "reads_many", count=reads)
    if any(entry.name == SCALAR_READ_BAN for entry in drill.banned):
        return Reads(Verdict.FORBIDDEN, message("verdict", "reads_banned", reads=what))
    return Reads(Verdict.PASS, message("verdict", "reads_note", reads=what))


def hidden_work(marks: Sequence[Mark], probes: int, reference: dict[str, Any]) -> Message | None:
    """A sentence when the CPU time of the solution's process, read by the sandbox from outside it
    around each probe call (the least of each size's repeats), grows from the small probe size to
    the large one far beyond the reference solution's: work the counters in the child did not see
    (they are the child's word, and code that gets past the gate can silence them; this figure it
    cannot change). Without its marks (a solution that took over the checking code in its process)
    nothing can be confirmed."""
    if probes < 2:
        return None
    spans = [mark for mark in marks if mark.byte in ("a", "b")]
    repeats = wire.PROBE_REPEATS
    if len(spans) < 2 * probes * repeats or any(math.isnan(mark.cpu_seconds) for mark in spans):
        return message("verdict", "unreported_probes")
    calls = [spans[2 * i + 1].cpu_seconds - spans[2 * i].cpu_seconds for i in range(probes * repeats)]
    used = [min(calls[size * repeats : (size + 1) * repeats]) for size in range(probes)]
    rise = used[-1] - used[0]
    theirs = reference.get("probe_cpu_seconds") or [0.0, 0.0]
    reference_rise = max(0.0, theirs[-1] - theirs[0])
    if rise <= CPU_SLACK_SECONDS or rise <= CPU_RATIO * reference_rise:
        return None
    return message(
        "verdict",
        "hidden_work",
        small=f"{used[0] * 1e3:.1f}",
        large=f"{used[-1] * 1e3:.1f}",
        reference=f"{reference_rise * 1e3:.2f}",
    )
