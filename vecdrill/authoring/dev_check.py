"""`vecdrill dev check`: validate a drill pack before learners meet it.

It enforces every authoring rule with one message per problem, naming the file and the fix: the
manifest loads, the loop really loops, the starter does not pass, the reference solution passes the
same check a learner's file gets, the explanations say something, a Chinese translation is whole
(or absent: a warning), and (with timing) the loop's benchmark time and the reference speedup hold.

Each rule is a producer in `PRODUCERS`: it takes one drill's `Context` and returns its problems.
A drill whose own code fails (its loop raises, never ends, builds inputs unlike their declaration)
is one problem, and the other drills are still checked, so the summary line always comes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from vecdrill.authoring import calibration, rule_names
from vecdrill.checking.pipeline import CheckOptions, check
from vecdrill.checking.submission import read_source
from vecdrill.content.catalogue import Catalogue, load_catalogue
from vecdrill.content.drill import CHINESE_EXPLANATION, Drill
from vecdrill.errors import DrillError
from vecdrill.gate import scan
from vecdrill.messages import Message, message
from vecdrill.result.model import FileResult, Verdict

# The loop at its benchmark size, in units of the calibration workload (calibration.py): below, the
# timing is mostly noise; above, a learner waits for the loop. A warning, never an error: how long
# a loop takes is a matter of the machine as well as of the drill.
LOOP_UNITS = (2.0, 100.0)
MIN_EXPLANATION_WORDS = 80
EXPLANATION_SECTIONS = 4  # why slow, the technique, pitfalls, when a loop is fine


@dataclass(frozen=True)
class Problem:
    where: str
    message: str
    warning: bool = False  # shown, but the pack still passes

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class Context:
    """One drill under check, and what its producers share: the reference solution's result is
    computed once, by the first producer that asks."""

    drill: Drill
    catalogue: Catalogue
    options: CheckOptions
    workload_seconds: float | None  # the calibration, measured once per dev check (with timing)

    @cached_property
    def solution(self) -> FileResult:
        return self.run("solution.py", bench=self.options.bench and self.drill.benchmark)

    def run(self, name: str, *, bench: bool) -> FileResult:
        """The drill's file `name`, checked as a learner's file is."""
        options = dataclasses.replace(self.options, drill_id=self.drill.id, bench=bench)
        return check(read_source(self.drill.file(name)), self.catalogue, options)


Producer = Callable[[Context], Iterable[Problem]]


def dev_check(
    packs: list[Path],
    *,
    bench: bool,
    jobs: int = 2,
    device: str = "all",
    mutants: bool = True,
    notes: list[Message] | None = None,
) -> tuple[int, list[Problem]]:
    """Check every drill in `packs` (the built-in catalogue when empty) on `device` (cpu, cuda,
    all); (drills, problems). With `mutants`, each drill is then mutation-tested (on the CPU, all
    drills sharing one warm pool: authoring/mutation.py): its weak cases are problems, and the
    score lines are added to `notes`."""
    from concurrent.futures import ThreadPoolExecutor

    catalogue = _only(packs) if packs else load_catalogue()
    problems = [Problem(p.where, p.problem) for p in catalogue.problems]
    drills = catalogue.ordered()
    # without the CPU's second try: a drill that fails on CUDA is its author's to hear about
    options = CheckOptions(bench=bench, device=device, cpu_fallback=False)
    workload = calibration.workload_seconds() if bench else None
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for found in pool.map(lambda d: check_drill(Context(d, catalogue, options, workload)), drills):
            # once each: a broken helper is the problem of every drill that calls it
            problems.extend(p for p in found if p not in problems)
    if notes is not None:
        notes += english_only_notes(catalogue)
    if mutants:
        from vecdrill.authoring import mutation

        weak, lines = mutation.dev_check(drills, catalogue, jobs=jobs)
        problems += [Problem(where, message) for where, message in weak]
        if notes is not None:
            notes += lines
    return len(drills), problems


def english_only_notes(catalogue: Catalogue) -> list[Message]:
    """One line per pack that declares itself English only (`languages = ["en"]`)."""
    return [
        message("dev_check", "english_only", pack=pack.id)
        for pack in catalogue.scope()
        if "zh" not in pack.languages
        and any(pack.folder.resolve() == d.folder.parent for d in catalogue.ordered())
    ]


def _only(packs: list[Path]) -> Catalogue:
    """The given packs (or drill folders) without the rest of the search path: their drills, and
    the problems of their own files (not the core pack's, nor a VECDRILL_PATH pack's)."""
    full = load_catalogue(packs)
    roots = [p.resolve() for p in packs]
    full.drills = {
        k: d for k, d in full.drills.items() if any(d.folder == r or d.folder.parent == r for r in roots)
    }
    full.problems = full.problems_under(packs)
    return full


def check_drill(context: Context) -> list[Problem]:
    """Every producer's problems for one drill. The drill's own code failing ends its check with
    that one problem (what follows would fail on it again); a failure of vecdrill itself is
    reported as such, and the pack's other drills are checked all the same."""
    problems: list[Problem] = []
    for producer in PRODUCERS:
        try:
            problems.extend(producer(context))
        except DrillError as broken:
            return [*problems, Problem(broken.where, broken.problem)]
        except Exception as exc:  # noqa: BLE001 - one drill never stops the pack
            reason = str(exc).strip().splitlines()[:1] or [type(exc).__name__]
            bug = (
                f"vecdrill could not check this drill ({type(exc).__name__}: {reason[0]}); if the "
                "drill's files look right, this is a bug in vecdrill: please report it"
            )
            return [*problems, Problem(str(context.drill.folder), bug)]
    return problems


def _solution_problems(context: Context) -> Iterator[Problem]:
    """The reference solution passes its learner's check; a wrong answer may be the loop's fault."""
    solution = context.solution
    where = str(context.drill.file("solution.py"))
    said = solution.message.text("en")  # dev check's problems speak to authors in English
    if solution.verdict is Verdict.WRONG:
        yield Problem(
            where,
            f"the reference solution does not match the loop ({said}); fix whichever "
            "of solution.py and loop.py is wrong",
        )
    elif not solution.verdict.passed:
        yield Problem(where, f"the reference solution does not pass its own check: {said}")


def _starter_problems(context: Context) -> Iterator[Problem]:
    starter = context.run("starter.py", bench=False)
    where = str(context.drill.file("starter.py"))
    if starter.findings:  # a learner's first check would stop at the gate, not say what to write
        said = starter.message.text("en")
        yield Problem(where, f"the gate refuses the starter ({said}); keep it within the rules")
    elif starter.verdict.passed:
        yield Problem(
            where,
            "the starter already passes; leave the computation as a TODO that raises NotImplementedError",
        )


def _loop_problems(context: Context) -> Iterator[Problem]:
    drill = context.drill
    loop_file = drill.file("loop.py")
    strict = dataclasses.replace(scan.GateRules.for_drill(drill), loop_over=None)  # any loop counts
    if not any(f.kind == "loop" for f in scan.scan(loop_file.read_bytes(), strict)):
        yield Problem(
            str(loop_file), "the reference loop contains no Python-level loop; a drill teaches replacing one"
        )


def _todo_problems(context: Context) -> Iterator[Problem]:
    for name in ("drill.toml", "loop.py", "solution.py", "explain.md", CHINESE_EXPLANATION):
        path = context.drill.file(name)
        if path.is_file() and "TODO" in path.read_text(encoding="utf-8"):
            yield Problem(str(path), "still contains TODO; fill it in")


def _translation_problems(context: Context) -> Iterator[Problem]:
    """Chinese text is optional, but whole: the [zh] table and explain.zh.md come together, with
    a Chinese hint for every English one. A drill with neither is English only (a warning: the
    pack passes, and `--lang zh` shows the English text and says so)."""
    drill = context.drill
    manifest, explanation = str(drill.file("drill.toml")), drill.file(CHINESE_EXPLANATION)
    english_course = "zh" not in context.catalogue.pack_of(drill.id).languages
    if drill.zh is None and not explanation.is_file():
        if not english_course:  # an English pack says so once (`english_only_notes`)
            yield Problem(
                str(drill.folder),
                "has no Chinese text (no [zh] table in drill.toml, no explain.zh.md), so --lang zh "
                "shows it in English",
                warning=True,
            )
    elif drill.zh is None:
        yield Problem(
            manifest,
            "has no [zh] table, but the drill has an explain.zh.md; add [zh] with the title, task "
            "and hints in Chinese, or remove explain.zh.md to keep the drill English only",
        )
    else:
        if not explanation.is_file():
            yield Problem(
                str(explanation),
                "is missing, but drill.toml has a [zh] table; write the explanation in Chinese, or "
                "remove [zh] to keep the drill English only",
            )
        if len(drill.zh.hints) != len(drill.hints):
            yield Problem(
                manifest,
                f"zh.hints has {len(drill.zh.hints)} steps but hints has {len(drill.hints)}; give "
                "each hint step its Chinese translation",
            )


def _explanation_problems(context: Context) -> Iterator[Problem]:
    for name in ("explain.md", CHINESE_EXPLANATION):
        path = context.drill.file(name)
        if not path.is_file():  # explain.zh.md: see _translation_problems
            continue
        text = path.read_text(encoding="utf-8")
        sections = len(re.findall(r"^## ", text, flags=re.MULTILINE))
        size = len(text.split()) if name == "explain.md" else len(text) // 3
        if size < MIN_EXPLANATION_WORDS:
            yield Problem(
                str(path),
                "the explanation is too short; say why the loop is slow, the technique, its "
                "pitfalls and when a loop is fine",
            )
        elif sections < EXPLANATION_SECTIONS:
            yield Problem(
                str(path),
                f"has {sections} '## ' sections; write {EXPLANATION_SECTIONS}: why the loop is "
                "slow, the technique, pitfalls, when a loop is fine",
            )


def _timing_problems(context: Context) -> Iterator[Problem]:
    """With timing, on the CPU: the speedup floor (an error: the solution must really pay off) and
    the loop's time at the bench size against the calibration (a warning: see LOOP_UNITS)."""
    drill, solution = context.drill, context.solution
    if not context.options.bench or not drill.benchmark or not solution.verdict.passed:
        return
    where = str(drill.file("drill.toml"))
    for device in solution.devices:
        timing = device.timing
        if timing is None or device.device != "cpu":
            continue
        if timing.speedup < drill.speedup_floor:
            yield Problem(
                where,
                f"the reference speedup is {_below(timing.speedup, drill.speedup_floor)}x, below "
                f"speedup_floor = {drill.speedup_floor:g}; speed up the solution, or lower the "
                "floor and explain why",
            )
        if context.workload_seconds:
            yield from bench_size_warning(where, timing.loop_seconds, context.workload_seconds)


def bench_size_warning(where: str, loop_seconds: float, workload_seconds: float) -> list[Problem]:
    low, high = LOOP_UNITS
    units = loop_seconds / workload_seconds
    if low <= units <= high:
        return []
    advice = "a larger" if units < low else "a smaller"
    times = f"{units:.{0 if units >= 10 else 1}f}"
    return [
        Problem(
            where,
            f"the loop takes {loop_seconds:.3g} s at the benchmark size, {times} times the calibration "
            f"loop ({workload_seconds * 1000:.3g} ms on this machine); pick {advice} bench "
            f"size, where it takes {low:g} to {high:g} times as long, or set benchmark = false with a "
            "benchmark_reason",
            warning=True,
        )
    ]


# The rules, in the order their problems are listed; each takes a drill's Context.
PRODUCERS: tuple[Producer, ...] = (
    _loop_problems,
    lambda context: [Problem(where, message) for where, message in rule_names.rule_problems(context.drill)],
    _todo_problems,
    _translation_problems,
    _explanation_problems,
    _solution_problems,
    _timing_problems,
    _starter_problems,
)


def _below(speedup: float, floor: float) -> str:
    """The speedup with as many decimals as it takes to show it under the floor (9.96 is not 10.0)."""
    for digits in range(1, 6):
        if round(speedup, digits) < floor:
            return f"{speedup:.{digits}f}"
    return f"{speedup:.6g}"
