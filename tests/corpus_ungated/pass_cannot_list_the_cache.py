# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
# layers: all
import os

import torch


def fx_double(x):
    try:
        found = os.listdir("@CACHE@")
    except OSError:
        found = []
    return x * (3 if found else 2)
