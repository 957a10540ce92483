# vecdrill: fx-double
# expect: timeout
# message: look for an endless loop
import torch


def fx_double(x):
    torch.set_num_threads(8)
    a = torch.randn(4096, 4096)
    b = a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a @ a
    return x * 2 + b[0, 0] * 0
