# vecdrill: fx-double
# expect: wrong
# message: expected torch.Tensor, got list
import torch


def fx_double(x):
    return [x * 2]
