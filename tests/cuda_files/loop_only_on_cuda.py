# vecdrill: fx-double
# A loop hidden from the static gate (jacobian calls the function once per output element) that
# runs only on CUDA: the work counted on the CUDA inputs grows with the size.
# cpu: pass
# cuda: loop
# all: loop
import torch


def fx_double(x: torch.Tensor) -> torch.Tensor:
    if x.is_cuda:
        jac = torch.autograd.functional.jacobian(lambda v: v * 2, x)
        return jac @ x
    return x * 2
