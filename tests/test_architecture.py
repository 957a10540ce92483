"""The architecture holds: the import contracts in pyproject.toml pass, and they bite.

The contracts are import-linter's (`[tool.importlinter]`): the layers from the command line down to
the shared model, the gate without torch or numpy, the child without the parent side, the parent
without the child's code, rich only in the views and typer only in the command line. A contract
that no wrong import could break would prove nothing, so each kind is broken on purpose in a copy.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from tests.harness import REPO, imported_by, run_python

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

# The venv's own import-linter, whatever its bin folder looks like.
LINT_IMPORTS = "from importlinter.cli import lint_imports_command; lint_imports_command(['--no-cache'])"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` on the package under `root`, with the contracts of `root/pyproject.toml`."""
    return run_python(LINT_IMPORTS, root, {"PYTHONPATH": str(root), "COLUMNS": "1000"})  # no wrapped lines


def test_the_import_contracts_hold() -> None:
    done = lint_imports(REPO)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("module", "wrong_import", "contract"),
    [
        ("gate/scan.py", "import rich", "Only the views import rich"),
        ("gate/scan.py", "import numpy", "The gate is standard library only"),
        ("lint/scan.py", "import torch", "The lint reads code and never runs it"),
        ("child/worker.py", "from vecdrill.sandbox import launch", "The child never imports the parent side"),
        ("checking/plan.py", "from vecdrill.child import worker", "The parent reaches the child's code"),
        ("measure/speedup.py", "from vecdrill.checking import verdicts", "Layers"),
        ("checking/pipeline.py", "import typer", "Only the command line imports typer"),
    ],
)
def test_a_wrong_import_breaks_its_contract(
    tmp_path: Path, module: str, wrong_import: str, contract: str
) -> None:
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    shutil.copytree(REPO / "vecdrill", tmp_path / "vecdrill", ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp_path / "vecdrill" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{wrong_import}  # the wrong one\n")
    importer = "vecdrill." + module.removesuffix(".py").replace("/", ".")
    imported = wrong_import.split()[1]

    done = lint_imports(tmp_path)

    assert done.returncode != 0, done.stdout
    sections = broken_contracts(done.stdout)
    section = next((text for name, text in sections.items() if name.startswith(contract)), None)
    assert section is not None, f"{contract!r} is not broken:\n{done.stdout}"
    assert f"{importer} -> {imported}" in section, section


def broken_contracts(report: str) -> dict[str, str]:
    """The text under each heading (a line underlined with dashes) of the broken contracts."""
    lines = report.split("Broken contracts", 1)[-1].splitlines()
    sections: dict[str, str] = {}
    name = None
    for line, underline in zip(lines, [*lines[1:], ""], strict=True):
        if line and underline == "-" * len(line):
            name = line
            sections[name] = ""
        elif name is not None:
            sections[name] += line + "\n"
    return sections


@pytest.mark.parametrize("command", [["list"], ["--help"], ["list", "--level", "1"]])
def test_browsing_never_imports_torch_or_numpy(command: list[str]) -> None:
    done, imported = imported_by(*command)
    assert done.returncode == 0, done.stderr
    assert "vecdrill.cli" in imported and not imported & {"torch", "numpy"}, imported & {"torch", "numpy"}


def test_no_module_is_named_after_the_standard_library() -> None:
    """A `vecdrill/locale.py` shadowed the standard library's `locale` for anything that put its
    folder on sys.path; a name that a tool or a reader can confuse with the stdlib's is a defect."""
    clashes = sorted(
        str(path.relative_to(REPO))
        for path in (REPO / "vecdrill").rglob("*.py")
        if path.stem in sys.stdlib_module_names and path.stem != "__main__"
    )
    assert not clashes, f"rename these modules: {clashes}"


def _package_entries() -> str:
    """The package list of docs/architecture.md: the block that starts `vecdrill/`."""
    page = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    return page.split("```\nvecdrill/\n", 1)[1].split("```", 1)[0]


def test_the_architecture_page_names_every_module() -> None:
    entries = _package_entries()
    by_package = dict(re.findall(r"^  (\w+)/\s+(.*?)(?=^  \w|\Z)", entries, re.M | re.S))
    unnamed = []
    for path in sorted((REPO / "vecdrill").rglob("*.py")):
        parts = path.relative_to(REPO / "vecdrill").parts
        if len(parts) == 1:
            if parts[0] != "__init__.py" and parts[0] not in entries:
                unnamed.append(parts[0])
        elif parts[-1] != "__init__.py" and not re.search(rf"\b{path.stem}\b", by_package.get(parts[0], "")):
            unnamed.append("/".join(parts))
    assert not unnamed, f"docs/architecture.md does not name {unnamed}"


def test_the_architecture_page_lists_the_packages_in_the_order_of_the_layers() -> None:
    entries = _package_entries()
    layers = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"][0]
    placed = []
    for layer in layers["layers"]:
        for name in re.split(r"[|:]", layer):
            short = name.strip().removeprefix("vecdrill.")
            where = re.search(rf"^  (?:.*, )?{short}(?:/|\.py)", entries, re.M)
            assert where, f"docs/architecture.md has no entry for the layer {short}"
            placed.append((where.start(), short))
    positions = [start for start, _ in placed]
    assert positions == sorted(positions), f"out of the layers' order: {placed}"


def test_no_two_modules_import_each_other() -> None:
    graph = grimp.build_graph("vecdrill")
    mutual = sorted(
        (module, other)
        for module in graph.modules
        for other in graph.find_modules_directly_imported_by(module)
        if module < other and module in graph.find_modules_directly_imported_by(other)
    )
    assert not mutual
