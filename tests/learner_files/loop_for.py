# vecdrill: fx-double
# expect: loop
# message: for loop
import torch


def fx_double(x):
    out = torch.empty_like(x)
    for i in range(x.shape[0]):
        out[i] = x[i] * 2
    return out
