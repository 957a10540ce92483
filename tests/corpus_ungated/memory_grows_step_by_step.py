# vecdrill: fx-double
# expect: memory
# message: your solution ran out of memory
import torch


def fx_double(x):
    keep = []
    while True:
        keep.append(torch.empty(2 * 10**7))
