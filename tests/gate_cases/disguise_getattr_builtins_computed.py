# expect: forbidden F001, forbidden F002
import builtins

import torch


def solve(x):
    total = getattr(builtins, "su" + "m")
    return total(x)
