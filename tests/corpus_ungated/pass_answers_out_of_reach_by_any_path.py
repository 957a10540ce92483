# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
# expect-plain: wrong
# layers: all
import os

import torch


COURSE = "@COURSE@"


def _through_a_folder_fd():
    above = os.open(os.path.dirname(COURSE), os.O_RDONLY | os.O_DIRECTORY)  # not hidden itself
    inside = f"{os.path.basename(COURSE)}/fx-double/solution.py"  # judged as if below the box
    return os.read(os.open(inside, os.O_RDONLY, dir_fd=above), 4096).decode()


def _read_in_c():
    import numpy  # its own C code opens the file: no audit event sees it

    return numpy.fromfile(COURSE + "/fx-double/solution.py", dtype=numpy.uint8).tobytes().decode()


def _built_in_answer():
    from vecdrill.content import catalogue  # the package itself is in the box

    return open(catalogue.builtin_dir() / "core" / "relu-where" / "solution.py").read()


TRIES = (
    lambda: open(COURSE + "/fx-double/solution.py").read(),
    lambda: open(COURSE + "/fx-double/explain.md").read(),
    _through_a_folder_fd,
    _read_in_c,
    lambda: open("/proc/self/root" + COURSE + "/fx-double/solution.py").read(),
    lambda: open("/proc/1/root" + COURSE + "/fx-double/solution.py").read(),
    lambda: " ".join(os.listdir("@CACHE@")),
    lambda: " ".join(os.listdir("@DATA@")),
    _built_in_answer,
)


def fx_double(x):
    seen = []
    for attempt in TRIES:
        try:
            seen.append(attempt())
        except Exception:  # noqa: BLE001 - any failure is an answer kept out of reach
            continue
    return x * (3 if any(seen) else 2)
