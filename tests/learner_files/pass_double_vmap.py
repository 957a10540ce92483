# vecdrill: fx-double
# expect: pass
import torch


def fx_double(x):
    return torch.vmap(lambda v: v * 2)(x)
