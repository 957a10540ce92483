"""The Python API: `vecdrill.check` on a function, source text or a path, and `show`, `hint`,
`drills`; `import vecdrill` stays light; the caller's torch settings and processes are untouched;
the bad-input corpus gets the same verdicts through the API as through `vecdrill check`; and the
grader's pytest helper fails with vecdrill's sentence.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import vecdrill
from tests.corpus_world import GATED, Case, World, layer_or_skip
from tests.harness import FIXTURE_COURSE, REPO, run_python
from vecdrill.errors import UsageError
from vecdrill.notebook import api, source
from vecdrill.sandbox import launch

PACKS = [FIXTURE_COURSE]
SCALE = 2


def test_import_vecdrill_imports_neither_torch_nor_numpy() -> None:
    done = run_python(
        "import sys, vecdrill\n"
        "heavy = ('torch', 'numpy', 'IPython', 'rich', 'typer')\n"
        "assert not [m for m in heavy if m in sys.modules], [m for m in heavy if m in sys.modules]\n"
        "vecdrill.drills(); vecdrill.show('fx-double')\n"
        "assert not [m for m in ('torch', 'numpy') if m in sys.modules]\n",
        env={"VECDRILL_PATH": str(FIXTURE_COURSE)},
    )
    assert done.returncode == 0, done.stderr


def test_vecdrill_check_is_the_function_and_the_checking_package_keeps_its_own_name() -> None:
    import vecdrill.checking.pipeline as pipeline

    assert vecdrill.check is api.check
    assert pipeline.check.__module__ == "vecdrill.checking.pipeline"
    assert "check" in dir(vecdrill)


def test_a_function_using_names_from_outside_gets_one_sentence_and_nothing_runs() -> None:
    factor = 3

    def fx_double(x):  # type: ignore[no-untyped-def]
        return x * SCALE * factor + helper(x)

    result = vecdrill.check(fx_double, packs=PACKS)

    assert (result.verdict.value, result.drill, result.devices) == ("syntax", "fx-double", ())
    assert result.message.text("en") == (
        "your function fx_double uses SCALE (an int defined outside it), factor (a variable of the "
        "function around it), helper (a function defined outside it); vecdrill checks only the "
        "function's own source, so define them inside fx_double, or check the whole cell with "
        "%%vecdrill fx-double"
    )
    assert result.message.text("zh") == (
        "你的函数 fx_double 用到了 SCALE（在函数外定义的 int）、factor（外层函数的变量）、"
        "helper（在函数外定义的函数）；vecdrill 只检查函数自身的源码，所以请把它们定义在 fx_double 内部，"
        "或者用 %%vecdrill fx-double 检查整个单元格"
    )


def helper(x: object) -> object:
    return x


def test_library_names_from_outside_are_carried_and_lines_keep_their_numbers() -> None:
    import numpy as np
    import torch.nn.functional as F
    from torch import Tensor

    def fx_double(x: Tensor) -> Tensor:
        return F.relu(x) * np.float32(2) + Tensor([0.0])

    read = source.read_function(fx_double)
    carried = source.carry(read, source.allowed_roots(()))

    lines = carried.text.splitlines()
    assert carried.outside == ()
    assert lines[0] == "from __future__ import annotations"  # as in this file: annotations unevaluated
    assert lines[read.first - 1].strip() == "def fx_double(x: Tensor) -> Tensor:"
    assert lines[-3:] == ["import torch.nn.functional as F", "from torch import Tensor", "import numpy as np"]
    assert read.label == Path(__file__)


def test_what_cannot_be_checked_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="defined with def NAME"):
        vecdrill.check(lambda x: x * 2, "fx-double", packs=PACKS)
    with pytest.raises(UsageError, match="got 'int'"):
        vecdrill.check(3, "fx-double", packs=PACKS)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match=r"'missing\.py' does not exist"):
        vecdrill.check("missing.py", packs=PACKS)
    with pytest.raises(UsageError, match=r"no drill named 'fx-doubel'\. Did you mean 'fx-double'"):
        vecdrill.check("def fx_double(x):\n    return x * 2\n", "fx-doubel", packs=PACKS)


def test_show_hint_and_drills() -> None:
    assert "fx-double" in vecdrill.drills(packs=PACKS).ids
    numpy_drills = vecdrill.drills(library="numpy", packs=PACKS)
    assert "fx-np-square" in numpy_drills.ids
    assert {d.library for d in numpy_drills} == {"numpy"}
    shown = vecdrill.show("fx-double", packs=PACKS)
    assert "Write fx_double(x) without a Python loop." in str(shown)
    assert "<pre><code>import torch" in shown._repr_html_()
    assert str(vecdrill.hint("fx-double", packs=PACKS)).startswith("Hint 1 of 2: first step")
    second = vecdrill.hint("fx-double", packs=PACKS)
    assert "Hint 2 of 2: second step" in str(second)
    assert "That was the last hint" in second._repr_html_()


def _python_in(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python ARGS` in `folder`, as a learner's script or a grader's tests run: this checkout
    importable, the fixture course its drills."""
    env = {**os.environ, "VECDRILL_PATH": str(FIXTURE_COURSE), "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=folder, env=env, timeout=600
    )


SCRIPT = """
import json, os, sys, torch, vecdrill

torch.set_num_threads(3)
torch.manual_seed(7)
torch.set_grad_enabled(False)
rng = torch.get_rng_state()

def fx_double(x):
    return torch.mul(x, 2)

checked = vecdrill.check(fx_double)
verdicts = {"function": checked.verdict.value, "printed": f"{checked.verdict} / {str(checked.verdict)}"}
loop = "def fx_double(x):\\n    out = x.clone()\\n    while False:\\n        pass\\n    return out\\n"
verdicts["source"] = vecdrill.check(loop, "fx-double", bench=False).verdict.value
open("wrong.py", "w").write("# vecdrill: fx-double\\ndef fx_double(x):\\n    return x * 3\\n")
wrong = vecdrill.check("wrong.py", bench=False)
verdicts["path"] = wrong.verdict.value
verdicts["mismatch"] = wrong.devices[0].mismatch.what
children = [p for p in os.listdir("/proc") if p.isdigit() and
            open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[1] == str(os.getpid())]
print(json.dumps({
    "verdicts": verdicts,
    "threads": torch.get_num_threads(),
    "rng": bool(torch.equal(rng, torch.get_rng_state())),
    "grad": torch.is_grad_enabled(),
    "children": children,
}))
"""


@pytest.mark.slow
def test_the_api_from_a_plain_script_leaves_torch_and_processes_as_they_were(tmp_path: Path) -> None:
    (tmp_path / "learner.py").write_text(SCRIPT)
    done = _python_in(tmp_path, "learner.py")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["verdicts"] == {
        "function": "pass",
        "printed": "pass / pass",  # a plain word in a notebook, not `Verdict.PASS`
        "source": "loop",
        "path": "wrong",
        "mismatch": "value",
    }
    assert (report["threads"], report["rng"], report["grad"], report["children"]) == (3, True, False, [])


GRADER = """
from vecdrill.testing import assert_passes

def test_good():
    result = assert_passes("def fx_double(x):\\n    return x + x\\n", "fx-double", bench=False)
    assert result.passed

def test_wrong():
    assert_passes("def fx_double(x):\\n    return x * 3\\n", "fx-double", bench=False)
"""


@pytest.mark.slow
def test_the_graders_helper_fails_with_the_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "test_grade.py").write_text(GRADER)
    done = _python_in(tmp_path, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_grade.py")
    assert done.returncode == 1, done.stdout
    assert "1 failed, 1 passed" in done.stdout
    failure = done.stdout.split(" test_wrong ", 1)[1].splitlines()[1]
    assert failure.startswith("wrong: cpu: result differs from the loop at out[0]: expected ")
    assert "vecdrill/" not in done.stdout  # no traceback into vecdrill


@pytest.fixture
def corpus_world(monkeypatch: pytest.MonkeyPatch) -> Iterator[World]:
    world = World()
    monkeypatch.setenv("VECDRILL_CACHE_DIR", str(world.cache))
    monkeypatch.setenv("VECDRILL_TEST_SECRET", world.secret)
    yield world
    world.close()


@pytest.mark.slow
@pytest.mark.sandbox
def test_the_corpus_through_the_api_gets_the_clis_verdicts(corpus_world: World) -> None:
    """Every gated corpus case on the default layer, as source text (the notebook's route), with
    the verdict and message part that tests/test_corpus.py asserts for `vecdrill check`."""
    layer = layer_or_skip("default")
    guarded = layer is not launch.Isolation.BWRAP
    cases = [c for c in map(Case.load, sorted(GATED.glob("*.py"))) if c.headers.get("needs") != "no-cuda"]
    folder = corpus_world.root / "api"

    def grade(case: Case) -> tuple[str, str, str]:
        text = corpus_world.copy(case.path, folder).read_text(encoding="utf-8")
        result = vecdrill.check(text, bench=False, timeout=4, packs=PACKS)
        return case.path.name, result.verdict.value, result.message.text("en")

    with ThreadPoolExecutor(max_workers=2) as pool:
        got = {name: (verdict, message) for name, verdict, message in pool.map(grade, cases)}
    wanted = {c.path.name: c.expected(guarded, layer.value) for c in cases}
    assert {name: verdict for name, (verdict, _) in got.items()} == {n: v for n, (v, _) in wanted.items()}
    for name, (_, words) in wanted.items():
        assert words is None or words in got[name][1], (name, got[name][1])
    assert corpus_world.damage() == []


def test_a_source_string_is_told_from_a_path() -> None:
    assert api._is_source("def f(x):\n    return x\n")
    assert api._is_source("import torch; f = 1")
    assert not api._is_source("solutions/gather.py")
