# vecdrill: fx-double
# expect: loop
import torch


def fx_double(x):
    return torch.stack(list(map(lambda v: v * 2, x)))
