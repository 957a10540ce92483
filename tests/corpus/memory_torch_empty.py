# vecdrill: fx-double
# expect: memory
# message: your solution ran out of memory
# layers: all
import torch


def fx_double(x):
    return torch.empty(10**11)[: x.shape[0]] * 0 + x * 2
