# vecdrill: fx-double
# expect: loop
import torch


def fx_double(x):
    return torch.tensor(x.tolist(), dtype=x.dtype) * 2
