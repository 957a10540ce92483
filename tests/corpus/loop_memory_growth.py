# vecdrill: fx-double
# expect: loop
# message: while loop
import torch


def fx_double(x):
    keep = []
    while True:
        keep.append(torch.ones(10**7))
