# vecdrill: fx-double
# expect: forbidden
# message: functools
import functools

import torch


def fx_double(x):
    return functools.reduce(lambda acc, v: torch.cat([acc, (v * 2).reshape(1)]), x, x[:0])
