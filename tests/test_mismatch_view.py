"""What a wrong answer shows besides the two values: the inputs at the first differing element, in
--json, the terminal and the notebook's views; and an in-place write into an input, which torch may
report as its own error, in vecdrill's sentence. Real checks of small learner files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.harness import FIXTURE_COURSE, check_json, run_cli
from vecdrill.messages import message
from vecdrill.report import html_view, text
from vecdrill.result.model import DeviceResult, FileResult, InputNear, Mismatch, Verdict

LEARNER = {
    # wrong at out[3] only, so a listed size of 5 fails there
    "wrong_at_3.py": (
        "# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n"
        "    return torch.where(torch.arange(x.shape[0]) == 3, x, x * 2)\n"
    ),
    # m (B, C) does not line up with the output (B,); idx (B,) does
    "wrong_pick.py": (
        "# vecdrill: fx-pick\nimport torch\n\n\ndef fx_pick(m, idx):\n"
        "    rows = torch.arange(m.shape[0])\n    return m[rows, idx] + (rows == 2)\n"
    ),
    # torch refuses the write at once: the input requires grad in the gradient pass
    "leaf.py": (
        "# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n    x[x > 100] = 0\n    return x * 2\n"
    ),
    # written where autograd does not look; the backward pass finds it
    "no_grad.py": (
        "# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n    y = x * x\n"
        "    with torch.no_grad():\n        x.clamp_(max=100)\n    return y / x * 2 / x * x\n"
    ),
    # a tensor of its own written in place: torch's complaint, but no input changed
    "own_tensor.py": (
        "# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n    y = x.exp()\n"
        "    z = y * 0 + x * 2\n    y.add_(1)\n    return z\n"
    ),
}


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("learner")
    for name, source in LEARNER.items():
        (folder / name).write_text(source)
    done, results = check_json(
        [folder / name for name in LEARNER], "--drills", str(FIXTURE_COURSE), "--device", "cpu"
    )
    assert done.returncode == 1, done.stderr
    return {Path(r["file"]).name: r for r in results}


def _mismatch(result: dict[str, Any]) -> dict[str, Any]:
    assert result["verdict"] == "wrong", result["message"]
    mismatch: dict[str, Any] = result["devices"][0]["mismatch"]
    return mismatch


@pytest.mark.slow
def test_json_names_each_input_at_the_differing_element(checked: dict[str, dict[str, Any]]) -> None:
    mismatch = _mismatch(checked["wrong_at_3.py"])
    assert mismatch["index"] == [3] and mismatch["size"] == {"N": 5}
    (x,) = mismatch["inputs"]
    assert (x["name"], x["shape"], x["index"], x["start"]) == ("x", [5], [3], [0])
    assert len(x["values"]) == 5
    # the loop's answer there is twice the input there; yours returned the input itself
    assert float(mismatch["expected"]) == pytest.approx(2 * float(x["values"][3]), rel=1e-5)
    assert mismatch["got"] == x["values"][3]


@pytest.mark.slow
def test_an_input_that_does_not_line_up_gives_its_shape_only(checked: dict[str, dict[str, Any]]) -> None:
    mismatch = _mismatch(checked["wrong_pick.py"])
    assert mismatch["index"] == [2]
    m, idx = mismatch["inputs"]
    assert m == {"name": "m", "shape": [6, 4], "index": None, "start": None, "values": []}
    assert (idx["name"], idx["index"], idx["start"], len(idx["values"])) == ("idx", [2], [0], 5)
    assert all(value.isdigit() for value in idx["values"])  # int64 indices, shown as integers


@pytest.mark.slow
def test_the_terminal_shows_the_inputs_under_the_device_in_both_languages(tmp_path: Path) -> None:
    learner = tmp_path / "wrong_at_3.py"
    learner.write_text(LEARNER["wrong_at_3.py"])
    for lang, lead, status in (
        ("en", "    The inputs at that element: x[3] = ", "  cpu: wrong"),
        ("zh", "    该元素处的输入：x[3] = ", "  cpu：结果错误"),
    ):
        done = run_cli("check", str(learner), "--drills", str(FIXTURE_COURSE), "--no-bench", "--lang", lang)
        assert done.returncode == 1, done.stderr
        lines = done.stdout.splitlines()
        shown = next(line for line in lines if line.startswith(lead))
        assert lines[lines.index(shown) - 1] == status
        assert "(x[0:5]: " in shown if lang == "en" else "（x[0:5]：" in shown


@pytest.mark.slow
def test_the_notebook_views_show_the_inputs_of_a_real_mismatch(checked: dict[str, dict[str, Any]]) -> None:
    found = _mismatch(checked["wrong_pick.py"])
    inputs = tuple(
        InputNear(**{k: tuple(v) if isinstance(v, list) else v for k, v in entry.items()})
        for entry in found["inputs"]
    )
    mismatch = Mismatch(**{**found, "inputs": inputs})
    differs = message("verdict", "as_said", text="cpu: result differs")
    device = DeviceResult("cpu", Verdict.WRONG, differs, mismatch=mismatch)
    result = FileResult("wrong_pick.py", "fx-pick", Verdict.WRONG, differs, devices=(device,))
    values = found["inputs"][1]["values"]
    line = (
        f"The inputs at that element: m: shape (6, 4); idx[2] = {values[2]} (idx[0:5]: {', '.join(values)})."
    )
    assert f"    {line}" in text.result_text(result, None).splitlines()
    assert f"<p>{line}</p>" in html_view.result(result, None)


def test_a_one_dimensional_shape_reads_as_a_tuple_and_a_scalar_input_as_its_value() -> None:
    inputs = [
        InputNear("w", (3,)),
        InputNear("t", (), (), (), ("0.5",)),
        InputNear("x", (4,), (0,), (0,), ("1",)),
    ]
    assert text.inputs_line(inputs) == "The inputs at that element: w: shape (3,); t = 0.5; x[0] = 1."
    assert text.inputs_line(inputs, "zh") == "该元素处的输入：w：形状 (3,)；t = 0.5；x[0] = 1。"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "where"), [("leaf.py", ":6"), ("no_grad.py", "")], ids=["refused", "found-by-backward"]
)
def test_an_in_place_write_into_an_input_is_vecdrills_sentence(
    checked: dict[str, dict[str, Any]], name: str, where: str
) -> None:
    result = checked[name]
    assert result["verdict"] == "wrong", result["message"]
    at = f" at {result['file']}{where}" if where else ""
    assert result["message"] == (
        f"your solution changed its input x in place{at}; work on a copy or use out-of-place operations "
        "(listed size 1, size N=1; replay with --seed 1234)"
    )
    assert result["message_code"] == "verdict.with_case"
    assert result["message_params"]["message"]["code"] == "verdict.changed_input"
    assert "leaf Variable" not in result["message"] and "inplace operation" not in result["message"]


@pytest.mark.slow
def test_a_tensor_of_its_own_written_in_place_stays_torchs_error(checked: dict[str, dict[str, Any]]) -> None:
    result = checked["own_tensor.py"]
    assert result["verdict"] == "error"
    assert "has been modified by an inplace operation" in result["message"]


def test_the_gate_advises_range_without_a_loop(tmp_path: Path) -> None:
    learner = tmp_path / "rng.py"
    learner.write_text(
        "# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n"
        "    return x[torch.tensor(range(x.shape[0]))] * 2\n"
    )
    done, (result,) = check_json([learner], "--drills", str(FIXTURE_COURSE))
    assert done.returncode == 1 and result["verdict"] == "loop"
    assert result["findings"][0]["message"] == (
        "`range` hands Python the positions one at a time: make them all at once with torch.arange(n) "
        "and index, compare or compute with that tensor as a whole, with no loop over it"
    )
