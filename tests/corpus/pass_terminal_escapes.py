# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
import torch


def fx_double(x):
    print("\x1b]0;pwned\x07\x1b[2J\x1b[31mred\x1b[0m")
    return x * 2
