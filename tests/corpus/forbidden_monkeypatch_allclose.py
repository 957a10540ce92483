# vecdrill: fx-double
# expect: forbidden
# message: assigning to `torch.allclose` changes the library
import torch


def fx_double(x):
    torch.allclose = lambda *args, **kwargs: True
    return torch.zeros_like(x)
