# vecdrill: fx-double
# expect: timeout
# message: your solution ran longer than the 4 s limit
# layers: all
import torch


def fx_double(x):
    while True:
        pass
