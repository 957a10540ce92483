"""The Drill model: read and validate one drill folder.

Pure standard library: `vecdrill list` loads every drill through this module and must not import
torch or numpy. Validation reports the first problem as a `DrillError` naming the file and the fix.
"""

from __future__ import annotations

import ast
import difflib
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

from vecdrill.content import bound
from vecdrill.content.bound import EfficiencySpec
from vecdrill.errors import DrillError
from vecdrill.messages import say

MANIFEST = "drill.toml"
FORMAT_VERSION = 1
DRILL_FILES = ("loop.py", "starter.py", "solution.py", "explain.md")
CHINESE_EXPLANATION = "explain.zh.md"  # optional, with the optional [zh] table: a drill may be English only
NO_CHINESE = say("explain", "english_only", "zh")  # what a view in Chinese says, once, before the English
ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64", "uint8", "bool")
KINDS = ("normal", "uniform", "int", "index", "bool", "probs", "dim", "const", "custom")

Size = dict[str, int]


@dataclass(frozen=True)
class InputSpec:
    name: str
    shape: tuple[str | int, ...]
    dtype: str
    kind: str
    low: float = 0.0
    high: float = 1.0
    scale: float = 1.0
    p: float = 0.5
    into: str | None = None
    inclusive: bool = False  # an index up to the size of `into` itself: [0, size], not [0, size)
    dim: str | None = None
    value: float | None = None
    device: str = "same"

    @property
    def edges(self) -> tuple[str, ...]:
        """The edge values a check forces on this input, by its kind: where wrong answers show and
        a random draw rarely goes (all zeros, ties, every index the smallest or the largest, an
        all-false mask); none for sizes, constants and custom inputs. The plan adds one case per
        input and edge (`Drill.edge_cases`); the child (child/inputs.py) forces the values."""
        if self.kind == "normal":
            return ("zeros", "ties")
        if self.kind == "uniform":
            return ("zeros", "ties") if self.low <= 0.0 < self.high else ("ties",)
        return {
            "int": ("low", "high"),
            "index": ("first", "last"),
            "bool": ("false", "true"),
            "probs": ("uniform",),
        }.get(self.kind, ())


@dataclass(frozen=True)
class RuleName:
    """One entry of a drill's `banned` or `allowed` list, with why (shown in verdicts and `show`)."""

    name: str
    reason: str | None = None
    reason_zh: str | None = None


@dataclass(frozen=True)
class CaseRules:
    """The `[cases]` table: what every check adds to the listed sizes (planned in check/plan.py)."""

    random: int = 2  # sizes drawn between the listed ones (or within `bounds`), each at its own seed
    bounds: dict[str, tuple[int, int]] = field(default_factory=dict)  # inclusive, per dimension
    edges: bool = True  # forced edge values for every input whose kind has them (`InputSpec.edges`)
    skip_edges: tuple[str, ...] = ()  # "<input>:<edge>" that the drill's spec rules out (distinct values)


@dataclass(frozen=True)
class KnownSurvivor:
    """A `[mutation] survivors` entry: a mutant of the solution the cases let through, and why
    that is acceptable (see authoring/mutation.py)."""

    mutant: str  # the mutant's id, as `vecdrill dev check` prints it
    why: str


@dataclass(frozen=True)
class ZhText:
    """The [zh] table: the drill's title, task and hints in Chinese."""

    title: str
    task: str
    hints: tuple[str, ...]


@dataclass(frozen=True)
class Drill:
    id: str
    folder: Path
    title: str
    level: int
    library: str
    techniques: tuple[str, ...]
    task: str
    inputs: tuple[InputSpec, ...]
    sizes: tuple[Size, ...]
    # The benchmark size. A drill that is never timed may leave it out: it is then the largest
    # listed size, which nothing times, so the code that plans timing always has a size.
    bench: Size
    probe: tuple[Size, Size] | None
    hints: tuple[str, ...]
    zh: ZhText | None  # None: no [zh] table, so a Chinese view shows the English text
    rtol: float | None = None
    atol: float | None = None
    cuda_rtol: float | None = None  # on CUDA instead of rtol / atol (atomic adds reorder sums)
    cuda_atol: float | None = None
    grad: bool = False
    noncontiguous: bool = False
    banned: tuple[RuleName, ...] = ()
    allowed: tuple[RuleName, ...] | None = None  # None: no allow-list; see docs/drill-format.md
    max_lines: int | None = None  # of the function's body, docstring excluded
    max_columns: int | None = None
    helpers: tuple[str, ...] = ()  # ids of drills in the same pack whose reference the solution may call
    allowed_imports: tuple[str, ...] = ()
    timeout: float = 10.0
    speedup_floor: float = 10.0
    benchmark: bool = True  # False: never timed (dev check's timing rules skip it too)
    benchmark_reason: str = ""  # why not, shown with the result; required with benchmark = false
    cases: CaseRules = field(default_factory=CaseRules)
    loop_over: str | None = None  # the one dimension a Python loop may run over (see docs)
    fixed_loops: int = 16  # the most items a loop with a written count may run over (gate/fixed.py)
    unordered: str | int | None = None  # "all", or an axis: the order of the output's values is free
    survivors: tuple[KnownSurvivor, ...] = ()  # `[mutation] survivors`
    few_mutants: str = ""  # `[mutation] few_mutants`: why the solution has few mutants (or "")
    efficiency: EfficiencySpec = field(default_factory=EfficiencySpec)  # `[efficiency]`: content/bound.py

    @property
    def function(self) -> str:
        return self.id.replace("-", "_")

    def file(self, name: str) -> Path:
        return self.folder / name

    def title_in(self, lang: str) -> str:
        return self.zh.title if lang == "zh" and self.zh else self.title

    def task_in(self, lang: str) -> str:
        return self.zh.task if lang == "zh" and self.zh else self.task

    def hints_in(self, lang: str) -> tuple[str, ...]:
        return self.zh.hints if lang == "zh" and self.zh else self.hints

    def untranslated(self, lang: str) -> bool:
        """Whether a view in `lang` shows this drill's English title, task and hints instead,
        which the view says once (NO_CHINESE)."""
        return lang == "zh" and self.zh is None

    def edge_cases(self) -> list[tuple[str, str]]:
        """(input name, edge) for every edge case of the drill, in input order."""
        if not self.cases.edges:
            return []
        every = [(spec.name, edge) for spec in self.inputs for edge in spec.edges]
        return [(name, edge) for name, edge in every if f"{name}:{edge}" not in self.cases.skip_edges]

    def explanation(self, lang: str) -> str:
        """The explanation's Markdown in `lang`; without explain.zh.md, the English one after
        NO_CHINESE."""
        if lang != "zh":
            return self.file("explain.md").read_text(encoding="utf-8")
        chinese = self.file(CHINESE_EXPLANATION)
        if chinese.is_file():
            return chinese.read_text(encoding="utf-8")
        return f"{NO_CHINESE}\n\n" + self.file("explain.md").read_text(encoding="utf-8")


_NUMBER = (float, int)  # a TOML number; a Drill or InputSpec field holds it as a float
# drill.toml's keys, by the TOML type each takes
_TOP_KEYS: dict[str, tuple[type, ...]] = {
    **dict.fromkeys(("title", "library", "task", "benchmark_reason", "loop_over"), (str,)),
    **dict.fromkeys(("format", "level", "max_lines", "max_columns", "fixed_loops"), (int,)),
    **dict.fromkeys(("rtol", "atol", "cuda_rtol", "cuda_atol", "timeout", "speedup_floor"), _NUMBER),
    **dict.fromkeys(("grad", "noncontiguous", "benchmark"), (bool,)),
    **dict.fromkeys(("techniques", "sizes", "probe", "banned", "allowed", "helpers", "hints"), (list,)),
    **dict.fromkeys(("allowed_imports", "inputs"), (list,)),
    **dict.fromkeys(("bench", "cases", "mutation", "efficiency", "zh"), (dict,)),
    "unordered": (str, int),
}
_REQUIRED = ("format", "title", "level", "library", "techniques", "task", "sizes", "hints", "inputs")
# The keys a Drill field takes as written (a number as a float); load_drill decodes the others.
_TOP_AS_WRITTEN: tuple[str, ...] = ("title", "level", "library", "task", "rtol", "atol", "cuda_rtol")
_TOP_AS_WRITTEN += ("cuda_atol", "grad", "noncontiguous", "timeout", "speedup_floor", "benchmark")
_TOP_AS_WRITTEN += ("benchmark_reason", "loop_over")
_INPUT_AS_WRITTEN = ("name", "kind", "low", "high", "scale", "p", "into", "inclusive", "dim", "device")
_INPUT_KEYS: dict[str, tuple[type, ...]] = {
    **dict.fromkeys(("name", "dtype", "kind", "into", "dim", "device"), (str,)),
    **dict.fromkeys(("low", "high", "scale", "p", "value"), _NUMBER),
    "shape": (list,),
    "inclusive": (bool,),
}


def load_drill(folder: Path) -> Drill:
    """Read `folder/drill.toml` and check the folder is a complete, consistent drill. The folder
    is made absolute: the drill's children run elsewhere, where a relative one would not lead."""
    folder = folder.absolute()
    manifest = folder / MANIFEST
    where = str(manifest)
    if not ID_PATTERN.match(folder.name):
        raise DrillError(
            str(folder),
            f"the folder name {folder.name!r} is not a kebab-case id "
            "such as 'gather-logits'; rename the folder",
        )
    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DrillError(where, "the manifest is missing; create it (see docs/drill-format.md)") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DrillError(where, f"is not valid TOML ({exc}); fix the syntax") from None
    _check_keys(where, "", data, _TOP_KEYS, _REQUIRED)
    if data["format"] != FORMAT_VERSION:
        raise DrillError(
            where,
            f"format = {data['format']!r} is not supported; this vecdrill reads format = {FORMAT_VERSION}",
        )
    for name in DRILL_FILES:
        if not (folder / name).is_file():
            needed = f"{', '.join(DRILL_FILES[:-1])} and {DRILL_FILES[-1]}"
            raise DrillError(str(folder / name), f"is missing; every drill needs {needed}")
    inputs = tuple(_input_spec(where, i, raw) for i, raw in enumerate(data["inputs"]))
    sizes = tuple(_size(where, "sizes", s) for s in data["sizes"])
    bench = _bench(where, data, sizes)
    drill = Drill(
        id=folder.name,
        folder=folder,
        **_as_written(data, _TOP_AS_WRITTEN, _TOP_KEYS),
        techniques=_strings(where, "techniques", data["techniques"]),
        inputs=inputs,
        sizes=sizes,
        bench=bench,
        probe=_probe(where, data.get("probe")),
        hints=_strings(where, "hints", data["hints"]),
        zh=_zh(where, data["zh"]) if "zh" in data else None,
        banned=_rule_names(where, "banned", data.get("banned", []), "zh" in data),
        allowed=_rule_names(where, "allowed", data["allowed"], "zh" in data) if "allowed" in data else None,
        max_lines=_limit(where, "max_lines", data.get("max_lines")),
        max_columns=_limit(where, "max_columns", data.get("max_columns")),
        helpers=_helpers(where, folder, data.get("helpers", [])),
        allowed_imports=_strings(where, "allowed_imports", data.get("allowed_imports", [])),
        cases=_case_rules(where, data.get("cases", {})),
        fixed_loops=_count(where, "fixed_loops", data.get("fixed_loops", 16)),
        unordered=_unordered(where, data.get("unordered")),
        survivors=_survivors(where, data.get("mutation", {})),
        few_mutants=data.get("mutation", {}).get("few_mutants", "").strip(),
        efficiency=_efficiency(where, data.get("efficiency", {}), inputs, bench),
    )
    _check_semantics(where, drill)
    return drill


_COMMON_INPUT_KEYS = {"name", "shape", "dtype", "kind", "device"}
# The keys each kind reads; any other is a mistake (a `low` on a normal input changes nothing).
_KIND_KEYS: dict[str, set[str]] = {
    "normal": {"scale"},
    "uniform": {"low", "high"},
    "int": {"low", "high"},
    "index": {"into", "inclusive"},
    "bool": {"p"},
    "probs": set(),
    "dim": {"dim"},
    "const": {"value"},
    "custom": set(),
}


def _check_keys(
    where: str,
    prefix: str,
    data: dict[str, Any],
    allowed: dict[str, tuple[type, ...]],
    required: tuple[str, ...],
) -> None:
    for key, value in data.items():
        if key not in allowed:
            close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
            close = close or [known for known in allowed if known.replace("_", "") == key.replace("_", "")]
            guess = f"did you mean '{prefix}{close[0]}'? " if close else ""
            raise DrillError(
                where,
                f"unknown key '{prefix}{key}'; {guess}remove it or check its spelling "
                f"(known keys: {', '.join(sorted(allowed))})",
            )
        types = allowed[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            names = " or ".join(t.__name__ for t in types)
            raise DrillError(where, f"{prefix}{key} = {value!r} should be a {names}")
    for key in required:
        if key not in data:
            raise DrillError(where, f"the required key '{prefix}{key}' is missing; add it")


def _strings(where: str, key: str, value: list[Any]) -> tuple[str, ...]:
    if not all(isinstance(v, str) and v for v in value):
        raise DrillError(where, f"{key} should be a list of non-empty strings")
    return tuple(value)


def _rule_names(where: str, key: str, value: list[Any], chinese: bool) -> tuple[RuleName, ...]:
    """Entries are dotted names or `{ name = "...", reason = "...", reason_zh = "..." }` tables;
    a drill without Chinese text (`chinese`: it has a [zh] table) may give `reason` alone."""
    entries = []
    for index, raw in enumerate(value):
        if isinstance(raw, str) and raw:
            entries.append(RuleName(raw))
            continue
        if not isinstance(raw, dict):
            raise DrillError(
                where,
                f"{key}[{index}] = {raw!r} should be a name such as 'torch.cumsum' or a table "
                '{ name = "torch.cumsum", reason = "...", reason_zh = "..." }',
            )
        label = f"{key}[{index}]."
        _check_keys(where, label, raw, {"name": (str,), "reason": (str,), "reason_zh": (str,)}, ("name",))
        # never a reason in Chinese alone; in English alone only where the drill has no Chinese text
        if ("reason" in raw) != ("reason_zh" in raw) and (chinese or "reason" not in raw):
            raise DrillError(where, f"{key}[{index}] gives a reason in one language only; give both")
        entries.append(RuleName(raw["name"], raw.get("reason"), raw.get("reason_zh")))
    names = [entry.name for entry in entries]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise DrillError(where, f"{key} lists {', '.join(map(repr, repeated))} more than once; keep one")
    return tuple(entries)


def _limit(where: str, key: str, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise DrillError(where, f"{key} = {value} should be 1 or more")
    return value


def _unordered(where: str, value: str | int | None) -> str | int | None:
    if value is None or value == "all" or (type(value) is int):
        return value
    raise DrillError(
        where,
        f'unordered = {value!r} is not a way to compare: use "all" (the values as a set, '
        "sorted) or an axis such as -1 (sorted along it)",
    )


def _count(where: str, key: str, value: int) -> int:
    if isinstance(value, bool) or not 0 <= value <= 1000:
        raise DrillError(where, f"{key} = {value!r} should be a whole number from 0 to 1000")
    return value


def _helpers(where: str, folder: Path, value: list[Any]) -> tuple[str, ...]:
    """Helpers are drill ids other than the drill's own. That each is a sibling folder is the
    pack's business (`check_helpers`): the learner's child reads this manifest in a box that may
    show the drill's folder alone (a pack under /tmp or a home folder), and it gets the helpers'
    code from the parent anyway."""
    helpers = _strings(where, "helpers", value)
    for helper in helpers:
        if helper == folder.name:
            raise DrillError(where, f"helpers lists the drill itself ({helper!r}); remove it")
        if not ID_PATTERN.match(helper):
            raise DrillError(where, _not_a_helper(folder, helper))
    return helpers


def check_helpers(drill: Drill) -> None:
    """Each helper is a drill of the same pack (a sibling folder) with a reference solution."""
    for helper in drill.helpers:
        if not (drill.folder.parent / helper / "solution.py").is_file():
            raise DrillError(str(drill.file(MANIFEST)), _not_a_helper(drill.folder, helper))


def _not_a_helper(folder: Path, helper: str) -> str:
    return (
        f"helpers lists {helper!r}, which is not a drill of this pack "
        f"(no {folder.parent / helper / 'solution.py'}); use the id of an earlier drill"
    )


def _survivors(where: str, raw: dict[str, Any]) -> tuple[KnownSurvivor, ...]:
    _check_keys(where, "mutation.", raw, {"survivors": (list,), "few_mutants": (str,)}, ())
    found = []
    for index, entry in enumerate(raw.get("survivors", [])):
        label = f"mutation.survivors[{index}]"
        if not isinstance(entry, dict):
            raise DrillError(where, f'{label} should be a table {{ mutant = "...", why = "..." }}')
        _check_keys(where, f"{label}.", entry, {"mutant": (str,), "why": (str,)}, ("mutant", "why"))
        if not entry["why"].strip():
            raise DrillError(where, f"{label}.why is empty; say why the cases may let this mutant through")
        found.append(KnownSurvivor(entry["mutant"], entry["why"]))
    return tuple(found)


def _efficiency(
    where: str, raw: dict[str, Any], inputs: tuple[InputSpec, ...], bench: Size
) -> EfficiencySpec:
    _check_keys(where, "efficiency.", raw, bound.KEYS, ())
    return bound.parse(where, raw, dimensions(inputs), bench)


def dimensions(inputs: tuple[InputSpec, ...]) -> set[str]:
    """The dimension names the inputs use: in shapes, and as `into` and `dim`."""
    dims = {d for spec in inputs for d in spec.shape if isinstance(d, str)}
    return dims | {d for spec in inputs for d in (spec.into, spec.dim) if d}


def _case_rules(where: str, raw: dict[str, Any]) -> CaseRules:
    keys: dict[str, tuple[type, ...]] = {
        "random": (int,),
        "bounds": (dict,),
        "edges": (bool,),
        "skip_edges": (list,),
    }
    _check_keys(where, "cases.", raw, keys, ())
    bounds: dict[str, tuple[int, int]] = {}
    for dim, pair in raw.get("bounds", {}).items():
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
            and 0 <= pair[0] <= pair[1]
        ):
            raise DrillError(
                where,
                f"cases.bounds.{dim} = {pair!r} should be [low, high], 0 <= low <= high, such as [1, 300]",
            )
        bounds[dim] = (pair[0], pair[1])
    random = raw.get("random", 2)
    if not 0 <= random <= 8:
        raise DrillError(where, f"cases.random = {random} should be between 0 and 8 (each is one more case)")
    return CaseRules(
        random, bounds, raw.get("edges", True), _strings(where, "cases.skip_edges", raw.get("skip_edges", []))
    )


def _size(where: str, key: str, value: Any) -> Size:
    if (
        not isinstance(value, dict)
        or not value
        or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
            for k, v in value.items()
        )
    ):
        raise DrillError(
            where,
            f"{key}: {value!r} should be a table of dimension names to "
            "non-negative integers, such as {{ B = 64, C = 10 }}",
        )
    return dict(value)


def _bench(where: str, data: dict[str, Any], sizes: tuple[Size, ...]) -> Size:
    """`bench`, which only a drill that is never timed may leave out (see `Drill.bench`)."""
    if "bench" in data:
        return _size(where, "bench", data["bench"])
    if data.get("benchmark", True):
        raise DrillError(
            where,
            "the required key 'bench' is missing; add the size the check times, or set "
            'benchmark = false with benchmark_reason = "..." for a drill that is never timed',
        )
    return largest_size(sizes)


def largest_size(sizes: tuple[Size, ...]) -> Size:
    """The listed size with the most elements (the last such on a tie; empty for no sizes)."""
    return max(reversed(sizes), key=lambda size: math.prod(max(v, 1) for v in size.values()), default={})


def _probe(where: str, value: list[Any] | None) -> tuple[Size, Size] | None:
    if value is None:
        return None
    if len(value) != 2:
        raise DrillError(where, "probe should list exactly two sizes, a small one and a larger one")
    return _size(where, "probe", value[0]), _size(where, "probe", value[1])


def _as_written(
    raw: dict[str, Any], keys: tuple[str, ...], types: dict[str, tuple[type, ...]]
) -> dict[str, Any]:
    """The given `keys` of `raw` as their fields take them: a number as a float, the rest as
    written; a key not given leaves its field's default."""
    return {key: float(raw[key]) if types[key] == _NUMBER else raw[key] for key in keys if key in raw}


def _zh(where: str, raw: dict[str, Any]) -> ZhText:
    _check_keys(
        where, "zh.", raw, {"title": (str,), "task": (str,), "hints": (list,)}, ("title", "task", "hints")
    )
    return ZhText(raw["title"], raw["task"], _strings(where, "zh.hints", raw["hints"]))


def _input_spec(where: str, index: int, raw: Any) -> InputSpec:
    if not isinstance(raw, dict):
        raise DrillError(where, f"inputs[{index}] should be a table")
    number = raw.get("kind") in ("dim", "const")  # a Python number: no shape or dtype to declare
    required = ("name", "kind") if number else ("name", "shape", "dtype", "kind")
    _check_keys(where, f"inputs[{index}].", raw, _INPUT_KEYS, required)
    shape = raw.get("shape", [])
    if not all(isinstance(d, (str, int)) and not isinstance(d, bool) for d in shape):
        raise DrillError(where, f"inputs[{index}].shape should list dimension names or integers")
    spec = InputSpec(
        shape=tuple(shape),
        dtype=raw.get("dtype", "float64" if isinstance(raw.get("value"), float) else "int64"),
        value=raw.get("value"),  # a constant keeps its type: an int stays an int
        **_as_written(raw, _INPUT_AS_WRITTEN, _INPUT_KEYS),
    )
    label = f"input {spec.name!r}"
    if spec.kind in _KIND_KEYS:
        for key in sorted(set(raw) - _COMMON_INPUT_KEYS - _KIND_KEYS[spec.kind]):
            users = [f'"{kind}"' for kind, keys in _KIND_KEYS.items() if key in keys]
            raise DrillError(
                where,
                f'{label} (kind = "{spec.kind}") sets {key}, which only inputs of kind '
                f"{' or '.join(users)} use; remove it, or change the kind",
            )
    if spec.dtype not in DTYPES and spec.kind not in ("dim", "const"):
        raise DrillError(where, f"{label} has dtype {spec.dtype!r}; use one of {', '.join(DTYPES)}")
    if spec.kind not in KINDS:
        raise DrillError(where, f"{label} has kind {spec.kind!r}; use one of {', '.join(KINDS)}")
    if spec.kind == "index" and spec.into is None:
        raise DrillError(where, f"{label} is an index; say which dimension it indexes with into = ")
    if spec.kind == "dim" and spec.dim is None:
        raise DrillError(where, f"{label} is a dimension size; name it with dim = ")
    if spec.kind == "const" and spec.value is None:
        raise DrillError(where, f"{label} is a constant; give its value with value = ")
    if spec.device not in ("same", "cpu"):
        raise DrillError(where, f"{label} has device {spec.device!r}; use 'same' or 'cpu'")
    return spec


def _check_semantics(where: str, drill: Drill) -> None:
    if drill.library not in ("torch", "numpy"):
        raise DrillError(where, f"library = {drill.library!r}; use 'torch' or 'numpy'")
    if drill.level not in (1, 2, 3):
        raise DrillError(where, f"level = {drill.level}; use 1, 2 or 3")
    if len(drill.hints) < 2 or (drill.zh is not None and len(drill.zh.hints) < 2):
        raise DrillError(where, "hints and zh.hints need two or more steps each")
    if not drill.sizes:
        raise DrillError(where, "sizes is empty; list the sizes the check runs at")
    if not drill.benchmark and not drill.benchmark_reason.strip():
        raise DrillError(
            where, 'benchmark = false needs benchmark_reason = "..."; say why this drill is not timed'
        )
    dims = dimensions(drill.inputs)
    for size in (*drill.sizes, drill.bench, *(drill.probe or ())):
        missing = dims - size.keys()
        if missing:
            raise DrillError(
                where,
                f"the size {size} lacks the dimension(s) "
                f"{', '.join(sorted(missing))}; give every size all dimensions",
            )
    for dim in (*drill.cases.bounds, *([drill.loop_over] if drill.loop_over else [])):
        if dim not in dims:
            raise DrillError(
                where,
                f"{dim!r} (in cases.bounds or loop_over) is no dimension of the inputs; use one of "
                f"{', '.join(sorted(dims))}",
            )
    offered = {f"{spec.name}:{edge}" for spec in drill.inputs for edge in spec.edges}
    for entry in drill.cases.skip_edges:
        if entry not in offered:
            raise DrillError(
                where,
                f"cases.skip_edges lists {entry!r}, which is no edge case of this drill; "
                f"use one of {', '.join(sorted(offered)) or '(none: no input has edge values)'}",
            )
    names = [spec.name for spec in drill.inputs]
    for filename in ("loop.py", "starter.py", "solution.py"):
        _check_signature(drill.file(filename), drill.function, names)


def _check_signature(path: Path, function: str, names: list[str]) -> None:
    try:
        tree = ast.parse(path.read_bytes(), filename=str(path))
    except SyntaxError as exc:
        raise DrillError(f"{path}:{exc.lineno}", f"does not parse: {exc.msg}") from None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == function:
            params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
            if params != names:
                raise DrillError(
                    f"{path}:{node.lineno}",
                    f"{function}({', '.join(params)}) "
                    f"should take the inputs declared in drill.toml: "
                    f"{function}({', '.join(names)})",
                )
            return
    raise DrillError(str(path), f"defines no function {function}(); add it at the top level")
