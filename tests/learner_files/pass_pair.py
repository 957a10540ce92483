# vecdrill: fx-pair
# expect: pass
import torch


def fx_pair(x):
    return x + 1, x - 1
