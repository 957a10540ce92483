# vecdrill: fx-double
# expect: forbidden
# message: `input`
import torch


def fx_double(x):
    return x * float(input())
