# vecdrill: fx-double
# expect: forbidden
# message: is `torch.load` under another name
import torch
import torch.nn.functional as F


def fx_double(x):
    load = F.torch.nn.modules.module.torch.load
    return x * 2 if load is not None else x
