# vecdrill: fx-double
# expect: error
# message: your solution raised RecursionError
import torch


def deeper(n):
    return deeper(n + 1) + 1


def fx_double(x):
    return x * 2 + deeper(0)
