# vecdrill: fx-double
# expect: pass
# Checked on the same warm zygote right after each hostile file: it passes only if nothing that
# file did reached it (a file planted anywhere it can read, a process it can see, a zygote that
# no longer answers in order).
import os

PLACES = ("/tmp", "/var/tmp", "/dev/shm", ".", "..", os.environ.get("HOME", "."))


def _planted():
    for place in PLACES:
        try:
            if "vd-planted" in os.listdir(place):
                return True
        except OSError:
            continue
    return False


def fx_double(x):
    return x * (3 if _planted() else 2)
