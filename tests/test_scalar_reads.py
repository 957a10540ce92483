"""A value read out of a tensor once (`n = int(d.item())`, `int(d[0])`) is a device sync, not a loop:
the report says so in a note, alike for both spellings, and a drill that bans `.item()` bans both.
Read per element, it stays a loop: statically inside a loop or comprehension, and at run time
where the gate cannot see the loop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.harness import FIXTURE_COURSE, check_one, copy_drill, edit
from vecdrill.checking import pipeline
from vecdrill.checking.submission import Source
from vecdrill.content.catalogue import load_catalogue

NOTE = (
    "your solution reads 1 value out of a tensor into Python (`.item()`, `int(t)`, `float(t)` or "
    "`if t:`): each read is a device sync that makes a GPU wait for the result; fine for a size read "
    "once, but a drill may ban it"
)
ITEM_ONCE = (
    "import torch\n\n\ndef fx_double(x):\n    two = int(torch.tensor([2]).item())\n    return x * two\n"
)
INDEX_ONCE = "import torch\n\n\ndef fx_double(x):\n    two = int(torch.tensor([2])[0])\n    return x * two\n"


def _check(tmp_path: Path, source: str, drills: Path = FIXTURE_COURSE) -> dict[str, Any]:
    file = tmp_path / "solution.py"
    file.write_text(source, encoding="utf-8")
    return check_one(file, "--drills", str(drills), "--drill", "fx-double")


@pytest.mark.slow
@pytest.mark.parametrize("source", [ITEM_ONCE, INDEX_ONCE], ids=["item", "int-of-index"])
def test_a_value_read_once_is_a_sync_note_not_a_loop(tmp_path: Path, source: str) -> None:
    result = _check(tmp_path, source)
    assert result["verdict"] == "pass", result["message"]
    assert NOTE in result["notes"]
    assert result["devices"][0]["op_counts"]["syncs"] == [1, 1]


@pytest.mark.slow
def test_a_drill_that_bans_item_bans_every_scalar_read(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    folder = copy_drill(FIXTURE_COURSE / "fx-double", pack)
    edit(folder / "drill.toml", "timeout = 20\n", 'timeout = 20\nbanned = ["torch.Tensor.item"]\n')
    spelled = _check(tmp_path, ITEM_ONCE, pack)
    assert spelled["verdict"] == "forbidden" and spelled["findings"][0]["code"] == "F007"
    indexed = _check(tmp_path, INDEX_ONCE, pack)
    assert indexed["verdict"] == "forbidden"
    assert indexed["message"].startswith(
        "your solution reads 1 value out of a tensor into Python (`.item()`, `int(t)`, `float(t)` or "
        "`if t:`), and this drill bans such reads"
    )


@pytest.mark.slow
def test_reads_per_element_are_a_loop_at_run_time(tmp_path: Path) -> None:
    """Past the gate (which would stop the `for`), the probe still sees the reads grow."""
    source = (
        b"import torch\n\n\ndef fx_double(x):\n    out = x.clone()\n"
        b"    for i in range(x.shape[0]):\n        out[i] = x[i] * 2 + 0 * x[i].item()\n    return out\n"
    )
    drill = load_catalogue([FIXTURE_COURSE]).get("fx-double")
    options = pipeline.CheckOptions(bench=False)
    result = pipeline.check_past_gate(Source(tmp_path / "s.py", source), drill, options)
    assert result.verdict.value == "loop", result.message
    assert (
        "it reads values out of tensors one at a time (16 reads, each a device sync, at the small size, "
        in result.message.text("en")
    )


def test_item_in_a_loop_is_per_element_logic_for_the_gate() -> None:
    from vecdrill.gate.scan import GateRules, scan

    once = b"def solve(d, x):\n    return x[: int(d.item())]\n"
    looped = b"def solve(x):\n    s = 0\n    while s < 3:\n        s = s + x[0].item()\n    return s\n"
    assert scan(once, GateRules("torch", "solve")) == []
    assert [f.code for f in scan(looped, GateRules("torch", "solve"))] == ["L002", "L011"]
    assert [f.code for f in scan(looped, GateRules("torch", "solve", loop_over="T"))] == ["L011"]
