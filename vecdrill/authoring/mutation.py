"""Mutation testing of a drill: do its cases catch the near misses of its reference solution?

Each mutant (authoring/mutants.py) is checked as a learner's file is, through the gate and the
sandbox, on warm workers, against the drill's own cases (no timing). A
mutant the cases reject is killed; one the static gate stops (a drill's allow-list, say) says nothing
about the cases and is not counted. One they let through is run on the battery (authoring/battery.py),
compared with the loop the same way: a mutant that matches the loop there too is equivalent and not
counted; one that does not survives, a sign that the cases are weak, unless the drill's
`[mutation] survivors` explains it. The score is killed over killed plus survivors.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from vecdrill.authoring import battery
from vecdrill.authoring.mutants import Mutant, mutants
from vecdrill.checking import batch, expected, plan
from vecdrill.checking.pipeline import CheckOptions, Runner, check, check_past_gate
from vecdrill.checking.submission import Source
from vecdrill.content.catalogue import Catalogue
from vecdrill.content.drill import Drill, Size
from vecdrill.errors import DrillError, VecdrillError
from vecdrill.messages import CATALOGUE, Message, message
from vecdrill.result.model import FileResult


@dataclass(frozen=True)
class Survivor:
    mutant: Mutant
    found: Message  # how the battery saw it differ, in the check's words
    size: Size | None  # the size of the case that showed it


@dataclass
class DrillScore:
    drill: Drill
    mutants: int = 0
    killed: int = 0
    gated: int = 0  # stopped by the static gate (a drill's `allowed` list, say): no test of its cases
    equivalents: list[Mutant] = field(default_factory=list)  # they match the loop on the battery too
    survivors: list[Survivor] = field(default_factory=list)
    seconds: float = 0.0
    skipped: Message | None = None  # why nothing was run: the reference solution fails its own cases
    problem: str | None = None  # why the battery could not run (then no mutant counts as a survivor)

    @property
    def equivalent(self) -> int:
        return len(self.equivalents)

    @property
    def counted(self) -> int:
        return self.killed + len(self.survivors)

    @property
    def score(self) -> float:
        return self.killed / self.counted if self.counted else 1.0

    def why(self, survivor: Survivor) -> str | None:
        """The drill's explanation of a survivor, named by its id or its diff."""
        for known in self.drill.survivors:
            if known.mutant in (survivor.mutant.id, survivor.mutant.diff):
                return known.why
        return None

    def explained(self) -> int:
        return sum(1 for s in self.survivors if self.why(s))

    @property
    def weakly_tested(self) -> bool:
        """Too few non-equivalent mutants for a score to say anything: "100% (0 of 0)" is no test."""
        return self.counted < FEW_MUTANTS

    def line(self) -> Message:
        """The drill's score line in `vecdrill dev check`'s summary."""
        if self.skipped:
            return message("mutation", "not_tested", drill=self.drill.id, why=self.skipped)
        counts = {"drill": self.drill.id, "killed": self.killed, "equivalent": self.equivalent}
        counts |= {"mutants": self.mutants, "counted": self.counted}
        gated = message("mutation", "gated", count=self.gated) if self.gated else ""
        if self.weakly_tested:
            why = self.drill.few_mutants or message("mutation", "little_to_change")
            return message("mutation", "weak", **counts, noun=_mutants(self.counted), gated=gated, why=why)
        return message(
            "mutation",
            "score",
            **counts,
            percent=100 * self.score,
            gated=gated,
            survived=len(self.survivors),
            explained=self.explained(),
            noun=_mutants(self.mutants),
            seconds=self.seconds,
        )


def _mutants(count: int) -> Message:
    return message("mutation", "mutant_one" if count == 1 else "mutant_many")


FEW_MUTANTS = 5  # fewer non-equivalent mutants than this: the drill is called weakly tested


def pack_score(scores: Iterable[DrillScore]) -> tuple[int, int]:
    """(killed, non-equivalent mutants) over every drill together."""
    scores = list(scores)
    return sum(s.killed for s in scores), sum(s.counted for s in scores)


def pack_line(scores: Iterable[DrillScore]) -> Message:
    scores = list(scores)
    killed, counted = pack_score(scores)
    weak = sum(1 for s in scores if not s.skipped and s.weakly_tested)
    return message(
        "mutation",
        "pack",
        percent=100 * (killed / counted if counted else 1.0),
        killed=killed,
        counted=counted,
        drills=len(scores),
        noun=message("mutation", "drill_one" if len(scores) == 1 else "drill_many"),
        weak=message("mutation", "pack_weak", count=weak, few=FEW_MUTANTS) if weak else "",
    )


def mutation_test(
    drills: list[Drill],
    catalogue: Catalogue,
    *,
    jobs: int = 2,
    isolation: str | None = None,
    progress: Callable[[DrillScore], None] | None = None,
) -> list[DrillScore]:
    """Score every drill (in order; `progress` hears of each as it is done); the mutants of all
    drills share one pool of `jobs` warm workers."""
    if not drills:
        return []
    options = CheckOptions(device="cpu", bench=False, isolation=isolation)

    def one(drill: Drill, runner: Runner) -> DrillScore:
        try:
            score = score_drill(drill, catalogue, options, runner)
        except VecdrillError as exc:  # one drill never stops the others' scores
            score = DrillScore(drill, skipped=message("mutation", "could_not", error=exc.said))
        if progress is not None:
            progress(score)
        return score

    return list(batch.run_all(drills, one, drills, isolation=isolation, jobs=jobs, warm_workers=True))


def score_drill(drill: Drill, catalogue: Catalogue, options: CheckOptions, runner: Runner) -> DrillScore:
    """Have the loop answer the check's cases and the battery first (one reference child), check
    the solution itself, then every mutant against the drill's cases, then the ones they let
    through on the battery. Each is checked from its bytes, named as a file of a folder that leads nowhere."""
    started = time.perf_counter()
    source = drill.file("solution.py").read_text(encoding="utf-8")
    found = mutants(source)
    score = DrillScore(drill, mutants=len(found))
    options = replace(options, drill_id=drill.id)
    unchanged = Source(Path(drill.id) / f"{drill.function}.py", source.encode())
    groups: tuple[list[expected.Case], list[expected.Case]] = ([], [])
    try:
        groups = battery.battery(drill, plan.build_cases(drill, ["cpu"], options.seed))
    except DrillError as exc:
        score.problem = f"the loop fails on the battery ({exc.problem})"
    try:
        reference = check(unchanged, catalogue, options, runner)
        fault: Message | str | None = None if reference.verdict.passed else reference.message
    except DrillError as exc:  # the loop cannot answer the cases: dev check reports that itself
        fault = exc.problem
    if fault is not None:
        score.skipped, score.problem = message("mutation", "reference_fails", fault=fault), None
        score.seconds = time.perf_counter() - started
        return score
    passed: list[tuple[Source, Mutant]] = []
    for index, mutant in enumerate(found):
        changed = Source(Path(drill.id) / f"{drill.function}_{index}.py", mutant.source.encode())
        result = check(changed, catalogue, options, runner)
        if result.verdict.passed:
            passed.append((changed, mutant))
        elif result.findings:
            score.gated += 1
        else:
            score.killed += 1

    def run(source: Source, cases: list[expected.Case]) -> FileResult:
        """`source` on battery `cases`, past the gate, its time limit grown with their number."""
        limits = replace(options, timeout=battery.timeout(drill, cases))
        return check_past_gate(source, drill, limits, runner, cases=cases)

    cases = _battery(unchanged, groups, run, score) if passed and groups[0] else []
    for changed, mutant in passed:
        failed = _failing(changed, mutant, run, cases) if cases else None
        if failed is None:
            score.equivalents.append(mutant)
        else:
            score.survivors.append(failed)
    score.seconds = time.perf_counter() - started
    return score


_Run = Callable[[Source, list[expected.Case]], FileResult]


def _battery(
    unchanged: Source, groups: tuple[list[expected.Case], list[expected.Case]], run: _Run, score: DrillScore
) -> list[expected.Case]:
    """The battery's groups the reference solution passes too (see battery.py); a problem when it
    fails on the seeded group, cases of other seeds than the check's."""
    seeded, free = groups
    result = run(unchanged, seeded)
    if not result.verdict.passed:
        said = _reworded(result.message, mutant=False).text("en")
        score.problem = f"the reference solution fails on the cases of other seeds: {said}"
        return []
    if free and not run(unchanged, free).verdict.passed:
        free = []
    return seeded + free


def _failing(changed: Source, mutant: Mutant, run: _Run, cases: list[expected.Case]) -> Survivor | None:
    """The mutant on the battery: None when it matches the loop everywhere, else how it differs.
    A mismatch names its case; a mutant that raises or hangs does not, so the battery is halved
    (the loop's answers are cached) until one case is left that shows it."""
    result = run(changed, cases)
    if result.verdict.passed:
        return None
    while len(cases) > 1 and not any(d.mismatch for d in result.devices):
        half = cases[: len(cases) // 2]
        first = run(changed, half)
        if not first.verdict.passed:
            cases, result = half, first
            continue
        rest = cases[len(cases) // 2 :]
        second = run(changed, rest)
        if second.verdict.passed:
            break  # only the whole battery shows it (its run time, say): keep what it said
        cases, result = rest, second
    size = next((d.mismatch.size for d in result.devices if d.mismatch), None)
    if size is None and len(cases) == 1:
        size = cases[0].size
    return Survivor(mutant, _reworded(result.message), size)


def _reworded(said: Message, mutant: bool = True) -> Message:
    """The check's sentence for an author: for a `mutant`, what it did where the learner's sentence
    says what "your solution" did (the catalogue's `mutant` section; the reference solution is the
    author's own), and, since a battery case is not replayed by `--seed`, the size alone where the
    sentence names the case (`mismatch.in_case`)."""
    params = {
        name: _reworded(value, mutant) if isinstance(value, Message) else value
        for name, value in said.params.items()
    }
    if (said.section, said.code) == ("mismatch", "in_case"):
        return message("mismatch", "in_battery", case=params["case"], size=params["size"])
    if mutant and f"{said.section}_{said.code}" in CATALOGUE["mutant"]:
        return Message("mutant", f"{said.section}_{said.code}", params)
    return Message(said.section, said.code, params)


def dev_check(
    drills: list[Drill], catalogue: Catalogue, *, jobs: int
) -> tuple[list[tuple[str, str]], list[Message]]:
    """What `vecdrill dev check` adds: every drill's weak-cases problems (`weak_cases`), and a score
    line per drill and one for the pack."""
    scores = mutation_test(drills, catalogue, jobs=jobs)
    problems = [problem for score in scores for problem in weak_cases(score)]
    return problems, [*(score.line() for score in scores), pack_line(scores)]


def weak_cases(score: DrillScore) -> Iterator[tuple[str, str]]:
    """(where, sentence) for every survivor the drill does not explain, for every explanation that
    no longer matches a survivor or a weak score, and for a battery that could not run. (A drill
    whose reference solution fails is not mutation-tested; dev check reports that failure itself.)"""
    drill = score.drill
    manifest = str(drill.file("drill.toml"))
    if score.problem:
        yield manifest, f"mutation testing could not run its battery: {score.problem}"
    for survivor in score.survivors:
        if not score.why(survivor):
            mutant, said = survivor.mutant, survivor.found.text("en")
            yield (
                f"{drill.file('solution.py')}:{mutant.line}",
                f"the mutant `{mutant.diff}` passes the drill's cases but not the loop on a larger "
                f"battery ({said}); {_suggestion(drill, survivor.size)}, or explain it in "
                f'drill.toml: [mutation] survivors = [{{ mutant = "{mutant.id}", why = "..." }}]',
            )
    if drill.few_mutants and not (score.weakly_tested or score.problem or score.skipped):
        yield (
            manifest,
            f"[mutation] few_mutants explains a weak score, but the solution has {score.counted} "
            "non-equivalent mutants now; remove the entry",
        )
    names = {name for s in score.survivors for name in (s.mutant.id, s.mutant.diff)}
    for known in drill.survivors:
        if known.mutant not in names and not (score.problem or score.skipped):
            yield (
                manifest,
                f"[mutation] survivors lists {known.mutant!r}, which is no surviving mutant "
                "(the cases kill it now, or the solution changed); remove the entry",
            )


def _suggestion(drill: Drill, size: Size | None) -> str:
    if size is None:
        return "add sizes or edge values where it shows"
    if size in drill.sizes:
        return (
            "at a listed size only other seeds show it: add a size where it shows at every seed, "
            "or an edge value"
        )
    toml = "{ " + ", ".join(f"{k} = {v}" for k, v in size.items()) + " }"
    return f"add the size {toml} to sizes"
