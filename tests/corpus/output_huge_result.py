# vecdrill: fx-double
# expect: output-limit
# message: your solution returned 286 MiB, more than the 256 MiB vecdrill accepts
import torch


def fx_double(x):
    return torch.zeros(75_000_000)
