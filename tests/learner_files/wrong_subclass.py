# vecdrill: fx-double
# expect: wrong
# message: returned a torch.nn.parameter.Parameter
import torch


def fx_double(x):
    return torch.nn.Parameter(x * 2, requires_grad=False)
