# vecdrill: fx-double
# expect: loop
import torch


def _go(x, i):
    if i == x.shape[0]:
        return x[:0]
    return torch.cat([(x[i] * 2).reshape(1), _go(x, i + 1)])


def fx_double(x):
    return _go(x, 0)
