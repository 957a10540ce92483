# vecdrill: fx-pair
# expect: wrong
# message: but the loop returns a tuple of 2
import torch


def fx_pair(x):
    return x + 1
