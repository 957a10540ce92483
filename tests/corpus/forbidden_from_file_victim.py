# vecdrill: fx-double
# expect: forbidden
# message: `torch.from_file` is off limits in a drill solution
import torch


def fx_double(x):
    victim = torch.from_file("@VICTIM@/keep.txt", shared=True, size=8, dtype=torch.uint8)
    victim.fill_(33)
    return x * 2
