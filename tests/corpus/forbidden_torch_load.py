# vecdrill: fx-double
# expect: forbidden
# message: `torch.load` is off limits
import torch


def fx_double(x):
    return torch.load("@COURSE@/fx-double/expected.pt")
