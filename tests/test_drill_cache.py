"""The drill cache: a changed drill is read again, a broken one is reported, a bad cache is
ignored. Folders are copied from the fixture course and aged past the racy window, as a drill
that was not just edited is."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tests.harness import FIXTURE_COURSE, copy_drill, edit
from vecdrill.checking import expected
from vecdrill.content.cache import DrillCache
from vecdrill.content.drill import load_drill
from vecdrill.errors import DrillError


def _aged_copy(tmp_path: Path) -> Path:
    folder = copy_drill(FIXTURE_COURSE / "fx-double", tmp_path)
    _age(folder)
    return folder


def _age(folder: Path) -> None:
    old = time.time() - 60
    for file in folder.iterdir():
        os.utime(file, (old, old))


def _edit(folder: Path, old: str, new: str) -> None:
    edit(folder / "drill.toml", old, new)
    _age(folder)


def _cached(tmp_path: Path) -> tuple[Path, Path]:
    """An aged copy of a fixture drill, and the cache file that now holds it."""
    folder = _aged_copy(tmp_path)
    cache = DrillCache(tmp_path / "cache.json")
    assert cache.load(folder) == load_drill(folder)
    cache.save()
    return folder, tmp_path / "cache.json"


def test_a_cached_drill_equals_the_parsed_one(tmp_path: Path) -> None:
    folder, file = _cached(tmp_path)
    assert DrillCache(file).load(folder) == load_drill(folder)


def test_an_edited_manifest_is_read_again(tmp_path: Path) -> None:
    folder, file = _cached(tmp_path)
    _edit(folder, f'title = "{load_drill(folder).title}"', 'title = "Renamed"')
    assert DrillCache(file).load(folder).title == "Renamed"


def test_a_drill_broken_after_caching_is_reported(tmp_path: Path) -> None:
    folder, file = _cached(tmp_path)
    _edit(folder, "level = ", "level = 9 #")
    with pytest.raises(DrillError, match="level = 9"):
        DrillCache(file).load(folder)


def test_a_just_written_drill_is_not_cached(tmp_path: Path) -> None:
    folder = tmp_path / "fx-double"
    shutil.copytree(FIXTURE_COURSE / "fx-double", folder, copy_function=shutil.copy)
    cache = DrillCache(tmp_path / "cache.json")
    cache.load(folder)
    cache.save()
    assert not (tmp_path / "cache.json").exists()


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"version": 99, "drills": {}}',
        "[]",
        '{"version": 1, "reader": null, "drills": {"x": 1}}',
    ],
)
def test_an_unusable_cache_file_is_ignored_and_replaced(tmp_path: Path, content: str) -> None:
    folder = _aged_copy(tmp_path)
    file = tmp_path / "cache.json"
    file.write_text(content)
    cache = DrillCache(file)
    assert cache.load(folder) == load_drill(folder)
    cache.save()
    assert str(folder) in json.loads(file.read_text())["drills"]


def test_the_loops_cached_answers_are_keyed_on_the_code_that_makes_them(tmp_path: Path) -> None:
    # Rewriting how inputs or edge values are drawn must not serve the old inputs' answers.
    package = Path(expected.__file__).parents[1]
    for name in expected.ANSWER_CODE:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(package / name, tmp_path / name)
    assert expected.digest_code(tmp_path) == expected.code_fingerprint()
    drill = tmp_path / "content" / "drill.py"  # where an input's edge values are listed
    drill.write_text(drill.read_text() + "\n# another edge\n")
    assert expected.digest_code(tmp_path) != expected.code_fingerprint()


GONE = object()  # the field is taken out of the entry


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("level", "high"),
        ("inputs", [{"name": "x", "shape": 5}]),
        ("inputs", GONE),
        ("sizes", {"N": 3}),
        ("zh", 7),
        ("probe", [1]),
    ],
)
def test_a_tampered_entry_reads_the_drill_again(tmp_path: Path, field: str, value: object) -> None:
    """A cached field missing or of the wrong type."""
    folder, file = _cached(tmp_path)
    document = json.loads(file.read_text())
    entry = document["drills"][str(folder)]["drill"]
    if value is GONE:
        del entry[field]
    else:
        entry[field] = value
    file.write_text(json.dumps(document))
    assert DrillCache(file).load(folder) == load_drill(folder)


def test_a_reference_piece_stored_under_another_key_is_not_believed(tmp_path: Path) -> None:
    mine, theirs = {"case": "mine"}, {"case": "theirs"}
    expected._store(mine, expected.Piece({"outputs": {"tuple": False, "items": []}}, {}, cached=False))
    assert expected._load(mine) is not None
    shutil.copy(expected._cache_file(mine), expected._cache_file(theirs))  # a swapped file
    assert expected._load(theirs) is None
    expected._cache_file(mine).write_bytes(b"VDR1" + b"\0" * 16)  # an empty header
    assert expected._load(mine) is None
