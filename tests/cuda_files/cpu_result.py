# vecdrill: fx-double
# A result brought back to the host: right on the CPU, the wrong device on CUDA.
# cpu: pass
# cuda: wrong
# all: wrong
import torch


def fx_double(x: torch.Tensor) -> torch.Tensor:
    return (x * 2).cpu()
