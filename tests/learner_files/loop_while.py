# vecdrill: fx-double
# expect: loop
# message: while loop
import torch


def fx_double(x):
    out = torch.empty_like(x)
    i = 0
    while i < x.shape[0]:
        out[i] = x[i] * 2
        i += 1
    return out
