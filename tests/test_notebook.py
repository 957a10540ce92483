"""vecdrill in Jupyter: the `%%vecdrill` magic in a real kernel (through nbclient, as a learner's
notebook runs), the HTML and text views with learner text escaped, the Markdown converter, and the
starter notebook.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import vecdrill
from tests.harness import FIXTURE_COURSE, REPO, run_cli, run_python
from tests.test_chinese import offending
from vecdrill.errors import UsageError
from vecdrill.messages import Message, message
from vecdrill.notebook import source
from vecdrill.notebook.displays import Result
from vecdrill.report import html_view, markdown
from vecdrill.result.model import DeviceResult, FileResult, Mismatch, ScalingPoint, Timing, Verdict

CORRECT = "import torch\n\n\ndef fx_double(x):\n    return x * 2\n"
LOOPING = (
    "import torch\n\n\ndef fx_double(x):\n    out = torch.zeros_like(x)\n"
    "    for i in range(x.shape[0]):\n        out[i] = x[i] * 2\n    return out\n"
)
WRONG = "def fx_double(x):\n    return x * 3\n"


def _cells(victim: Path) -> list[str]:
    hostile = f"import os\nos.system('touch {victim}')\n\n\ndef fx_double(x):\n    return x * 5\n"
    sneaky = (
        "import torch\ntorch.set_num_threads(1)\ntorch.manual_seed(0)\nSCALE = 2\n\n\ndef fx_double(x):\n"
    )
    return [
        "import os, torch\ntorch.set_num_threads(3)\ntorch.manual_seed(7)\nrng = torch.get_rng_state()",
        "%load_ext vecdrill",
        f"%%vecdrill fx-double --scaling\n{CORRECT}",
        f"%%vecdrill fx-double --no-bench\n{LOOPING}",
        f"%%vecdrill fx-double --no-bench\n{WRONG}",
        "print(fx_double(torch.ones(2)).tolist())",
        f"%%vecdrill fx-double --no-bench\n{hostile}",
        "print(fx_double(torch.ones(2)).tolist())",
        f"%%vecdrill fx-double --no-bench\n{sneaky}    return x * SCALE\n",
        "%%vecdrill fx-doubel\ndef fx_double(x):\n    return x\n",
        "import vecdrill\n\n\ndef fx_double(x):\n    return x + x\n\n\n"
        "vecdrill.check(fx_double, bench=False)",
        "children = [p for p in os.listdir('/proc') if p.isdigit() and "
        "open(f'/proc/{p}/stat').read().rsplit(')', 1)[1].split()[1] == str(os.getpid())]\n"
        "print(fx_double(torch.ones(2)).tolist(), torch.get_num_threads(), "
        "bool(torch.equal(rng, torch.get_rng_state())), torch.is_grad_enabled(), children)",
    ]


def _html(cell: Any) -> str:
    return "".join(o.get("data", {}).get("text/html", "") for o in cell.outputs)


def _stream(cell: Any, name: str = "stdout") -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.get("name") == name)


@pytest.mark.slow
def test_the_magic_in_a_real_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import nbformat
    from nbclient import NotebookClient

    victim = tmp_path / "victim"
    monkeypatch.setenv("VECDRILL_PATH", str(FIXTURE_COURSE))
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in _cells(victim)])
    NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    cells = book.cells

    correct = _html(cells[2])
    assert 'data-verdict="pass"' in correct
    parts = ("vecdrill-speedup", "faster (range", '<svg class="vecdrill-chart"', "vecdrill-explanation")
    for part in (*parts, '<p class="vecdrill-sandbox"><small>sandbox: '):
        assert part in correct, part
    assert "defined fx_double in your notebook" in correct
    assert 'data-verdict="loop"' in _html(cells[3]) and "cell:7:5 for loop" in _html(cells[3])
    wrong = _html(cells[4])
    assert 'data-verdict="wrong"' in wrong and 'class="vecdrill-mismatch"' in wrong
    assert "vecdrill-explanation" not in wrong
    assert _stream(cells[5]) == "[3.0, 3.0]\n"  # the magic defined the wrong function: usable
    hostile = _html(cells[6])
    assert 'data-verdict="forbidden"' in hostile and "nothing was defined in your notebook" in hostile
    assert not victim.exists()
    assert _stream(cells[7]) == "[3.0, 3.0]\n"  # the refused cell defined nothing
    sneaky = _html(cells[8])
    assert 'data-verdict="pass"' in sneaky
    assert "the statements at lines 3, 4 ran only in the sandbox" in sneaky
    assert _stream(cells[9], "stderr") == (
        "Error: no drill named 'fx-doubel'. Did you mean 'fx-double'? See `vecdrill list`.\n"
    )
    assert 'data-verdict="pass"' in _html(cells[10])  # a plain cell's function, checked by the API
    assert _stream(cells[11]) == "[2.0, 2.0] 3 True True []\n"


# One IPython shell (in its own process, as a kernel runs it) checks each cell of CELLS with the magic
# and prints, as JSON, the names each cell added or changed in the shell and the text view it displayed.
_SHELL = """
import json
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance()
shell.run_cell("%load_ext vecdrill")
shell.run_cell("import torch\\nSCALE = 2\\n\\ndef fx_double(x):\\n    return x * SCALE\\n")
for kind, cell in CELLS.items():
    before = {k: v for k, v in shell.user_ns.items() if not k.startswith("_")}
    print(f"--- {kind}")
    shell.run_cell(cell)
    after = {k: v for k, v in shell.user_ns.items() if not k.startswith("_")}
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k, kind) is not after.get(k, kind))
    print(json.dumps({kind: changed}))
"""
_MAGIC = "%%vecdrill fx-double --no-bench\n"
_REFUSED_CELLS = {
    "loop": f"{_MAGIC}import math\nSCALE = 3\n{LOOPING}",
    "forbidden": f"{_MAGIC}import os\nSCALE = 3\n\ndef fx_double(x):\n    return x * 2\n",
    "syntax": f"{_MAGIC}SCALE = 3\n\ndef fx_double(x):\n    return x *\n",
    "error": f"{_MAGIC}SCALE = 3\n\ndef fx_double(x):\n    raise ValueError(x)\n",
}
_WRONG_CELL = f"{_MAGIC}import math\nSCALE = 3\n\ndef fx_double(x):\n    return x * SCALE\n"


@pytest.mark.slow
def test_a_refused_cell_defines_nothing_and_a_wrong_one_defines_its_names() -> None:
    """In a real IPython shell: a loop, a forbidden import, a syntax error and an exception leave
    every name as it was (fx_double still doubles, SCALE is still 2, no `math`); a wrong answer,
    which the learner may debug in the kernel, defines its names, which shows the watch works."""
    cells = {**_REFUSED_CELLS, "wrong": _WRONG_CELL}
    done = run_python(f"CELLS = {cells!r}\n{_SHELL}", env={"VECDRILL_PATH": str(FIXTURE_COURSE)}, timeout=600)
    assert done.returncode == 0, done.stderr
    shown = {}
    for block in done.stdout.split("--- ")[1:]:
        kind, rest = block.split("\n", 1)
        text, _, changed = rest.rstrip("\n").rpartition("\n")
        shown[kind] = (json.loads(changed)[kind], text)
    assert list(shown) == list(cells), done.stdout

    for kind in _REFUSED_CELLS:
        changed, text = shown[kind]
        assert text.startswith(f"{kind.upper()} cell (fx-double): "), text
        assert changed == [], kind
        assert "note: nothing was defined in your notebook: a cell defines its functions here" in text, text
    changed, text = shown["wrong"]
    assert changed == ["SCALE", "fx_double", "math"]
    assert re.search(r"^    Your out\[\d+\] is \S+; the loop's is \S+\.$", text, re.MULTILINE), text
    assert "note: defined fx_double in your notebook" in text


def test_a_failing_import_in_the_kernel_puts_every_name_back() -> None:
    """The sandbox may have a module the kernel lacks: what the cell bound before the failing import
    is put back, old values included."""
    namespace: dict[str, Any] = {"SCALE": 2}
    cell = "SCALE = 3\nimport math\nimport torch.no_such_module\n\ndef fx_double(x):\n    return x\n"
    with pytest.raises(ModuleNotFoundError):
        source.define_in(namespace, cell, source.allowed_roots(()))
    assert namespace == {"SCALE": 2}


def _result(**changes: Any) -> Result:
    learner = "<script>alert(1)</script>"
    timing = Timing(0.4, 0.0001, 4000.0, 3500.0, 4200.0, 0.41, 0.00011, 10, 1000, 1, {"N": 2000}, False)
    scaling = tuple(ScalingPoint({"N": n}, n * 1e-5, 2e-6, n * 5.0) for n in (1, 10, 100, 1000))
    device = DeviceResult(
        "cpu", Verdict.PASS, _said("cpu: pass"), timing=timing, scaling=scaling, crossover={"N": 1}
    )
    said = _said(f"message {learner}")
    base = FileResult(
        f"{learner}.py", "fx-double", Verdict.PASS, said, devices=(device,), stdout=learner, traceback=learner
    )
    return Result.of(replace(base, **changes), "# Title\n\nUse `x * 2` **now**.\n\n<b>raw</b>\n")


def _said(text: str) -> Message:
    """A sentence worded where it arose, as a view receives it."""
    return message("verdict", "as_said", text=text)


def test_the_html_view_shows_every_part_and_escapes_learner_text() -> None:
    page = _result()._repr_html_()

    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'data-verdict="pass"' in page
    assert "loop 400 ms, yours 100 µs: 4000x faster (range 3500x to 4200x)" in page
    assert '<svg class="vecdrill-chart"' in page and page.count("<polyline") == 2
    assert "yours is faster at every size" in page
    assert "<h1>Title</h1>" in page and "<code>x * 2</code> <strong>now</strong>" in page
    assert "&lt;b&gt;raw&lt;/b&gt;" in page


def test_a_wrong_result_shows_the_mismatch_and_the_output_but_no_explanation() -> None:
    mismatch = Mismatch("value", "out", (3,), "0.0421", "<i>0.0419</i>", {"N": 5}, 1234)
    device = DeviceResult("cpu", Verdict.WRONG, _said("cpu: result differs"), mismatch=mismatch)
    result = _result(verdict=Verdict.WRONG, message=_said("cpu: result differs"), devices=(device,))

    page = result._repr_html_()
    text = str(result)

    assert 'class="vecdrill-mismatch"' in page and "&lt;i&gt;0.0419&lt;/i&gt;" in page
    assert "vecdrill-explanation" not in page and "Title" not in text
    assert "<summary>Output</summary>" in page
    assert text.splitlines()[0] == "WRONG <script>alert(1)</script>.py (fx-double): cpu: result differs"
    assert "\n    Your out[3] is <i>0.0419</i>; the loop's is 0.0421.\n" in text
    assert "\n    Found at size N=5; seed 1234 replays it." in text
    assert "<p>Your out[3] is &lt;i&gt;0.0419&lt;/i&gt;; the loop&#x27;s is 0.0421.</p>" in page
    shown = result._repr_markdown_()
    assert "<script>" not in shown.split("```")[0]  # learner text outside a code block is escaped
    assert "\n```text\n" in shown


def test_every_view_names_the_sandbox_layer_and_why_a_weaker_one_was_used() -> None:
    note = "checked in the weaker unshare sandbox because bwrap is unavailable: bwrap not found on PATH"
    result = _result(isolation="unshare", notes=(_said(note),))
    page, shown, markdown_view = result._repr_html_(), str(result), result._repr_markdown_()

    assert '<p class="vecdrill-sandbox"><small>sandbox: unshare</small></p>' in page
    assert f"<em>note: {note}</em>" in page
    assert f"\nnote: {note}\nsandbox: unshare\n" in shown  # before the explanation
    assert f"\nnote: {note}\nsandbox: unshare\n```" in markdown_view  # in the details' code block
    assert "sandbox:" not in str(_result(isolation=None))  # nothing ran: no layer to name


def test_control_characters_never_reach_the_views() -> None:
    result = _result(stdout="\x1b[2J cleared", verdict=Verdict.ERROR)
    assert "\x1b" not in str(result) and "\x1b" not in result._repr_html_()


def test_markdown_subset() -> None:
    text = (
        "## Why\nA *scan* and a [link](https://pytorch.org) and [bad](javascript:alert(1)).\n\n"
        "- first item\n  continued\n- second `a|b`\n\n**What `right=` means.** Bold around code.\n\n"
        "| call | result |\n| --- | --- |\n| `f(x)` | **y** |\n\n"
        "```python\nx = a < b\n```\n"
    )
    assert markdown.to_html(text).splitlines() == [
        "<h2>Why</h2>",
        '<p>A <em>scan</em> and a <a href="https://pytorch.org">link</a> and [bad](javascript:alert(1)).</p>',
        "<ul><li>first item continued</li><li>second <code>a|b</code></li></ul>",
        "<p><strong>What <code>right=</code> means.</strong> Bold around code.</p>",
        "<table><thead><tr><th>call</th><th>result</th></tr></thead>"
        "<tbody><tr><td><code>f(x)</code></td><td><strong>y</strong></td></tr></tbody></table>",
        '<pre><code class="language-python">x = a &lt; b</code></pre>',
    ]


def test_every_explanation_converts_without_raw_markup() -> None:
    """No `**` left that opens bold outside code (`gamma ** lag` in a code block, or `2**24`, is
    Python, not markup), in every built-in pack's explanations."""
    for path in sorted((REPO / "drills").glob("*/*/explain*.md")):
        page = markdown.to_html(path.read_text(encoding="utf-8"))
        prose = re.sub(r"<code[^>]*>.*?</code>", "", page, flags=re.DOTALL)
        assert not re.search(r"(?<![\w*])\*\*(?=[^\s*])", prose), path
        assert page.startswith("<h1>"), path


def test_the_chart_marks_the_crossover() -> None:
    points = tuple(ScalingPoint({"N": n}, n * 1e-6, 1e-4, n * 1e-2) for n in (1, 100, 10000))
    device = DeviceResult("cpu", Verdict.PASS, _said(""), scaling=points, crossover={"N": 100})
    assert 'class="vecdrill-crossover-line"' in html_view.chart(device)


def test_the_starter_notebook_is_valid_and_never_overwritten(tmp_path: Path) -> None:
    import nbformat

    target = tmp_path / "fx.ipynb"
    done = run_cli("notebook", "fx-double", "--path", str(target), "--drills", str(FIXTURE_COURSE))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"Wrote {target}: open it with `jupyter lab {target}`")
    book = nbformat.read(target, as_version=4)
    nbformat.validate(book)
    sources = [c.source for c in book.cells]
    assert sources[0].startswith("# fx-double: Double a tensor")
    assert (
        "\n\nWrite `fx_double(x)` without a Python loop. It is checked at sizes N=1; N=5; N=40" in sources[0]
    )
    assert "\n\nThe loop to replace:\n\n```python\n" in sources[0]
    assert sources[1].startswith("Run the next cell once: it loads vecdrill's `%%vecdrill` cell magic.")
    assert sources[1].endswith("`vecdrill.hint('fx-double')` gives a hint.")
    assert sources[2] == "%load_ext vecdrill"
    assert sources[3].startswith("%%vecdrill fx-double\nimport torch")
    before = target.read_bytes()

    again = run_cli("notebook", "fx-double", "--path", str(target), "--drills", str(FIXTURE_COURSE))

    assert again.returncode == 2
    assert f"{target} already exists and vecdrill never replaces it" in again.stderr
    assert target.read_bytes() == before
    with pytest.raises(UsageError, match="never replaces it"):
        vecdrill.write_notebook("fx-double", target, packs=[FIXTURE_COURSE])
    assert os.listdir(tmp_path) == ["fx.ipynb"]


def test_the_starter_notebook_and_its_sentence_are_chinese_with_lang_zh(tmp_path: Path) -> None:
    target = tmp_path / "cumulative-sum.ipynb"
    done = run_cli("notebook", "cumulative-sum", "--path", str(target), env={"VECDRILL_LANG": "zh"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"已写好 {target}：") and not offending(done.stdout), done.stdout
    cells = json.loads(target.read_text(encoding="utf-8"))["cells"]
    prose = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert "检查规模：" in prose and "；基准规模：B=" in prose and "要替换的循环：" in prose
    assert not offending(prose), prose
