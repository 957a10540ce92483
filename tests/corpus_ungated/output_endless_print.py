# vecdrill: fx-double
# expect: output-limit
# message: your solution printed more output than vecdrill keeps
import torch


def fx_double(x):
    while True:
        print("spam " * 100)
