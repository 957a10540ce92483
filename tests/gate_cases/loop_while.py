# expect: loop L002
import torch


def solve(x):
    out = x.clone()
    i = 0
    while i < out.shape[0]:
        out[i] = out[i] * 2
        i = i + 1
    return out
