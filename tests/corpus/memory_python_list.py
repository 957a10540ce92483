# vecdrill: fx-double
# expect: memory
# message: MemoryError
import torch


def fx_double(x):
    zeros = [0] * 10**10
    return x * 2 + len(zeros) * 0
