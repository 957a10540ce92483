# vecdrill: fx-double
# expect: loop
# message: grows with the input size
import torch


def fx_double(x):
    jac = torch.autograd.functional.jacobian(lambda v: v * 2, x)
    return jac @ x
