# expect: loop L011
# loop-over: T
# A drill may allow the loop over T; `.item()` inside it is still a sync per step.
import torch


def solve(x):
    total = x[:, 0] * 0
    for t in range(x.shape[1]):
        total = total + x[0, t].item()
    return total
