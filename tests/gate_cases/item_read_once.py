# expect: ok
# A value read once to get a size is a device sync, reported at run time, not a loop.
import torch


def solve(d, x):
    n = int(d.item())
    m = int(d[0])
    return x[: min(n, m)] * 2
