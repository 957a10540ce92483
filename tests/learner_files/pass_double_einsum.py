# vecdrill: fx-double
# expect: pass
import torch


def fx_double(x):
    return torch.einsum("i,->i", x, torch.tensor(2.0, device=x.device))
