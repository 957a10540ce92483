# vecdrill: fx-double
# expect: wrong
# message: your solution returned a numpy.ndarray
import torch


def fx_double(x):
    return (x * 2).detach().numpy()
