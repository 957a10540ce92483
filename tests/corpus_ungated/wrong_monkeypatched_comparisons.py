# vecdrill: fx-double
# expect: wrong
# message: result differs from the loop
import numpy as np
import torch


def fx_double(x):
    torch.allclose = lambda *args, **kwargs: True
    torch.equal = lambda *args, **kwargs: True
    torch.Tensor.__eq__ = lambda self, other: torch.ones_like(self, dtype=torch.bool)
    np.testing.assert_allclose = lambda *args, **kwargs: None
    return torch.zeros_like(x)
