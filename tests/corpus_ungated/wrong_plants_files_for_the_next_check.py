# vecdrill: fx-double
# expect: wrong
# layers: all
# Leaves files in every place it can write, for the next student's check to find (see the warm
# batch in test_corpus.py, whose sentinel looks for them); its own answer is wrong.
import os

PLACES = ("/tmp", "/var/tmp", "/dev/shm", ".", "..", os.environ.get("HOME", "."))


def fx_double(x):
    for place in PLACES:
        try:
            with open(os.path.join(place, "vd-planted"), "w") as planted:
                planted.write("the answer is x * 2")
        except OSError:
            continue
    return x * 3
