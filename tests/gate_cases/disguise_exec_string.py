# expect: forbidden F002
import torch


def solve(x):
    out = x.clone()
    exec("for i in range(out.shape[0]): out[i] = out[i] * 2")
    return out
