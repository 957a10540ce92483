# vecdrill: fx-double
# Right on the CPU, off by 1e-3 on CUDA.
# cpu: pass
# cuda: wrong
# all: wrong
import torch


def fx_double(x: torch.Tensor) -> torch.Tensor:
    if x.is_cuda:
        return x * 2 + 1e-3
    return x * 2
