# vecdrill: fx-double
# expect: error
# message: your solution raised KeyboardInterrupt
import torch


def fx_double(x):
    raise KeyboardInterrupt
