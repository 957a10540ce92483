# vecdrill: fx-double
# expect: wrong
# message: out should be a torch.Tensor, but your solution returned a list
import torch


def fx_double(x):
    return [x * 2]
