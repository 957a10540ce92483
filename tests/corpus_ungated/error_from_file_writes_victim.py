# vecdrill: fx-double
# expect: error
# message: your solution raised RuntimeError
# layers: all
import torch


def fx_double(x):
    # torch.from_file opens the file in C, where no audit hook sees it.
    victim = torch.from_file("@VICTIM@/keep.txt", shared=True, size=8, dtype=torch.uint8)
    victim.fill_(33)
    return x * 2
