# vecdrill: fx-double
# expect: wrong
# message: non-contiguous inputs
# Strides written for a contiguous tensor: right on every case but the one whose input is a view.
import torch


def fx_double(x):
    return torch.as_strided(x, x.shape, (1,)) * 2
