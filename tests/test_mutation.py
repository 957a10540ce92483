"""Mutation testing (authoring/mutants.py, mutation.py, battery.py): the mutants a solution gets,
the `[mutation]` manifest table, and a sweep that tells weak cases from strong ones.

The sweep runs one pool over a fixture drill whose listed sizes are all square (N == K), so a
transposed `zeros(k, N)` passes its cases and only the battery's free sizes catch it, and over a
catalogue drill whose cases kill every mutant: a regression in either direction fails.
"""

from __future__ import annotations

import ast
import os
from dataclasses import replace
from pathlib import Path

import pytest

from tests.harness import REPO, copy_drill, run_cli
from tests.test_chinese import english_prose
from vecdrill.authoring import mutation
from vecdrill.authoring.mutants import mutants
from vecdrill.content.cache import DrillCache
from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import KnownSurvivor, load_drill
from vecdrill.errors import DrillError
from vecdrill.messages import message

PACK = REPO / "tests" / "mutation_pack"
WEAK = "mx-one-hot"
TRANSPOSED = "5:10 arguments: swap arguments 1 and 2"
STRONG = "cumulative-sum"

SOURCE = '''import numpy as np


def f(labels: np.ndarray, k: int | None = 3, w: int = 2) -> np.ndarray:
    """Docstring: sum, max."""
    counts = np.bincount(labels, minlength=k).astype(np.int64)
    total = counts.sum(axis=0, keepdims=True)
    window = counts[w:] - counts[: -w]
    scaled = counts[k] * np.flip(window[w, k], axis=1)
    return -(counts + total) * 2 if total[0] > 0 else np.maximum(window, counts[:1])
'''


def changes(source: str) -> set[tuple[str, str]]:
    """Each mutant's change (its id without the position) and its changed line."""
    return {(m.id.split(" ", 1)[1], m.new) for m in mutants(source)}


def test_every_kind_of_change_the_issue_names() -> None:
    found = changes(SOURCE)
    # The mutants of the return line, each written as the one edit it makes to the original.
    return_line = "return -(counts + total) * 2 if total[0] > 0 else np.maximum(window, counts[:1])"
    expected = {
        ("keyword: drop minlength=", "counts = np.bincount(labels).astype(np.int64)"),
        ("keyword: drop keepdims=", "total = counts.sum(axis=0)"),
        ("constant: 0 -> 1", "total = counts.sum(axis=1, keepdims=True)"),
        ("dtype: int64 -> int32", "counts = np.bincount(labels, minlength=k).astype(np.int32)"),
        ("comparison: > -> >=", return_line.replace("> 0", ">= 0")),
        ("comparison: > -> <", return_line.replace("> 0", "< 0")),
        ("slice: lower bound +1", "window = counts[w + 1:] - counts[: -w]"),
        ("operator: - -> +", "window = counts[w:] + counts[:-w]"),
        (
            "arguments: swap arguments 1 and 2",
            return_line.replace("(window, counts[:1])", "(counts[:1], window)"),
        ),
        ("function: maximum -> minimum", return_line.replace("maximum", "minimum")),
        ("function: sum -> mean", "total = counts.mean(axis=0, keepdims=True)"),
        # A reduction along the wrong axis, an index off by one.
        ("axis: axis= -> -1", "total = counts.sum(axis=-1, keepdims=True)"),
        ("axis: axis= -> 0", "scaled = counts[k] * np.flip(window[w, k], axis=0)"),
        ("axis: axis= -> -1", "scaled = counts[k] * np.flip(window[w, k], axis=-1)"),
        ("index: index k + 1", "scaled = counts[k + 1] * np.flip(window[w, k], axis=1)"),
        ("index: index k - 1", "scaled = counts[k - 1] * np.flip(window[w, k], axis=1)"),
        ("index: index w + 1", "scaled = counts[k] * np.flip(window[w + 1, k], axis=1)"),
        # A step forgotten: a method's call, a library function's.
        ("call: drop .astype()", "counts = np.bincount(labels, minlength=k)"),
        ("call: drop flip()", "scaled = counts[k] * window[w, k]"),
        # Dropping the sign of -(a + b) * 2 needs parentheses to keep the product.
        ("operator: drop '-'", return_line.replace("-(", "(")),
    }
    assert expected <= found, expected - found


def test_mutants_leave_signatures_docstrings_and_other_lines_alone() -> None:
    lines = SOURCE.splitlines()
    for mutant in mutants(SOURCE):
        changed = mutant.source.splitlines()
        assert len(changed) == len(lines), mutant.id
        assert [i for i, (a, b) in enumerate(zip(lines, changed, strict=True)) if a != b] == [
            mutant.line - 1
        ], mutant.id
        assert ast.dump(ast.parse(mutant.source)) != ast.dump(ast.parse(SOURCE)), mutant.id
        assert mutant.line > 4, f"{mutant.id} changes the imports, the signature or the docstring"
    assert len({m.id for m in mutants(SOURCE)}) == len(mutants(SOURCE))


def test_the_mutation_table_is_read_validated_and_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_drill(
        PACK / WEAK,
        tmp_path,
        f'[mutation]\nsurvivors = [{{ mutant = "{TRANSPOSED}", why = "square on purpose" }}]\n'
        'few_mutants = " one call "\n',
    )
    old = 1_000_000_000  # older than the cache's racy window
    for name in os.listdir(folder):
        os.utime(folder / name, (old, old))
    expected = (KnownSurvivor(TRANSPOSED, "square on purpose"),)
    loaded = load_drill(folder)
    assert (loaded.survivors, loaded.few_mutants) == (expected, "one call")
    cache = DrillCache(tmp_path / "drills.json")
    cache.load(folder)
    cache.save()

    def unread(folder: Path) -> None:
        raise AssertionError(f"{folder} was read again instead of coming from the cache")

    monkeypatch.setattr("vecdrill.content.cache.load_drill", unread)
    cached = DrillCache(tmp_path / "drills.json").load(folder)
    assert (cached.survivors, cached.few_mutants) == (expected, "one call")
    monkeypatch.undo()
    with (folder / "drill.toml").open("a", encoding="utf-8") as manifest:
        manifest.write('oops = [{ mutant = "x", why = "" }]\n')
    with pytest.raises(DrillError, match=r"unknown key 'mutation.oops'"):
        load_drill(folder)


def test_an_empty_explanation_is_refused(tmp_path: Path) -> None:
    folder = copy_drill(PACK / WEAK, tmp_path, '[mutation]\nsurvivors = [{ mutant = "x", why = " " }]\n')
    with pytest.raises(DrillError, match=r"mutation.survivors\[0\].why is empty"):
        load_drill(folder)


@pytest.mark.slow
def test_weak_cases_are_reported_and_strong_ones_kill_every_mutant() -> None:
    catalogue = load_catalogue([PACK])
    weak, strong = mutation.mutation_test([catalogue.get(WEAK), catalogue.get(STRONG)], catalogue, jobs=2)

    assert [s.mutant.id for s in weak.survivors] == [TRANSPOSED]
    assert weak.killed == weak.mutants - 1 and weak.problem is None
    [(where, sentence)] = mutation.weak_cases(weak)
    assert where == f"{PACK.resolve() / WEAK / 'solution.py'}:5"
    assert sentence.startswith(
        "the mutant `line 5: - out = torch.zeros(labels.shape[0], k, device=labels.device) / "
        "+ out = torch.zeros(k, labels.shape[0], device=labels.device)` passes the drill's cases but "
        "not the loop on a larger battery ("
    )
    size = weak.survivors[0].size
    assert size is not None and size["N"] != size["K"]
    assert f"add the size {{ N = {size['N']}, K = {size['K']} }} to sizes" in sentence
    assert f'[mutation] survivors = [{{ mutant = "{TRANSPOSED}", why = "..." }}]' in sentence

    # Explained, the survivor still counts against the score but is no longer a problem; an
    # explanation that matches no survivor is.
    known = (KnownSurvivor(TRANSPOSED, "square on purpose"), KnownSurvivor("1:1 constant: 0 -> 1", "old"))
    explained = replace(weak, drill=replace(weak.drill, survivors=known))
    [(_, stale)] = mutation.weak_cases(explained)
    assert stale.startswith("[mutation] survivors lists '1:1 constant: 0 -> 1', which is no surviving mutant")
    assert explained.explained() == 1 and explained.score == weak.score < 1

    assert strong.mutants > 0 and strong.killed == strong.counted == strong.mutants - strong.equivalent
    assert strong.score == 1.0 and list(mutation.weak_cases(strong)) == []
    pack = (weak.killed + strong.killed) / (weak.counted + strong.counted)
    assert mutation.pack_line([weak, strong]).text("en") == (
        f"pack: mutation score {pack:.1%}, {weak.killed + strong.killed} of "
        f"{weak.counted + strong.counted} non-equivalent mutants killed in 2 drills"
    )


@pytest.mark.slow
def test_dev_check_reports_weak_cases_and_scores() -> None:
    done = run_cli("dev", "check", str(PACK), "--no-bench", timeout=600)
    assert done.returncode == 3, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    problem = f"problem: {PACK / WEAK / 'solution.py'}:5: the mutant"
    weak = [line for line in lines if line.startswith(problem)]
    assert len(weak) == 1 and f'mutant = "{TRANSPOSED}"' in weak[0], done.stdout
    assert any(
        line.startswith(f"{WEAK}: mutation score 92% (11 of 12 killed, 0 equivalent, 1 survived")
        for line in lines
    )
    assert "pack: mutation score 91.7%, 11 of 12 non-equivalent mutants killed in 1 drill" in lines

    skipped = run_cli("dev", "check", str(PACK), "--no-bench", "--no-mutants", timeout=600)
    assert "mutation score" not in skipped.stdout and "the mutant" not in skipped.stdout


def test_a_drill_with_few_mutants_is_weakly_tested_not_scored() -> None:
    """A "100% (0 of 0 killed)" once read as a perfect score: fewer than a handful of mutants that
    change the answer say nothing about the cases, and the line and the pack line say so, in the
    teacher's language too."""
    drill = load_drill(REPO / "tests" / "answers_pack" / "sum-product")
    few = mutation.DrillScore(drill, mutants=3, killed=3)
    enough = mutation.DrillScore(drill, mutants=mutation.FEW_MUTANTS, killed=mutation.FEW_MUTANTS, gated=1)
    skipped = mutation.DrillScore(drill, skipped=message("mutation", "reference_fails", fault="x"))
    assert few.weakly_tested and not enough.weakly_tested
    assert few.line().text("en") == (
        "sum-product: weakly tested: only 3 non-equivalent mutants (3 killed, 0 equivalent, 3 in all), "
        "too few for a score; its solution gives mutation testing little to change"
    )
    assert (
        enough.line()
        .text("en")
        .startswith(
            "sum-product: mutation score 100% (5 of 5 killed, 0 equivalent, 1 stopped by the gate, 0 survived"
        )
    )
    pack = mutation.pack_line([few, enough])
    assert pack.text("en") == (
        "pack: mutation score 100.0%, 8 of 8 non-equivalent mutants killed in 2 drills; 1 weakly "
        "tested (fewer than 5 non-equivalent mutants)"
    )
    for line in (few.line(), enough.line(), skipped.line(), pack):
        assert not english_prose(line.text("zh")), line.text("zh")


def test_a_weak_score_says_the_drills_reason_and_a_stale_reason_is_a_problem() -> None:
    """`[mutation] few_mutants` is the author's word on a weak score; once the drill has mutants
    enough, the word is stale and dev check asks to remove it, as it does a stale survivor."""
    reason = "the answer is one call, and the cases hold it"
    drill = replace(load_drill(REPO / "tests" / "answers_pack" / "sum-product"), few_mutants=reason)
    few = mutation.DrillScore(drill, mutants=3, killed=3)
    assert few.line().text("en").endswith(f"too few for a score; {reason}")
    assert list(mutation.weak_cases(few)) == []
    enough = mutation.DrillScore(drill, mutants=mutation.FEW_MUTANTS, killed=mutation.FEW_MUTANTS)
    [(where, sentence)] = mutation.weak_cases(enough)
    assert where.endswith("drill.toml") and sentence.startswith("[mutation] few_mutants explains a weak")


def test_what_a_mutant_did_is_worded_for_the_author() -> None:
    """The author reads dev check's survivors: a mutant's failure says what the mutant did, not
    what "your solution" did, in both languages; the reference solution's own stays the author's."""
    raised = message("verdict", "raised", error="ZeroDivisionError: division by zero")
    assert mutation._reworded(raised).text("en") == "the mutant raised ZeroDivisionError: division by zero"
    assert mutation._reworded(raised).text("zh") == "变异体抛出了 ZeroDivisionError: division by zero"
    assert mutation._reworded(raised, mutant=False) == raised
