# vecdrill: fx-double
# expect: loop
import torch


def fx_double(x):
    return torch.stack([v * 2 for v in x])
