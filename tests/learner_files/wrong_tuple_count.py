# vecdrill: fx-pair
# expect: wrong
# message: tuple
import torch


def fx_pair(x):
    return x + 1
