# vecdrill: fx-double
# Raises on CUDA only, after the CPU's cases passed in the same child: checked on both devices,
# the CUDA error is that device's verdict and the CPU's verdict is kept beside it.
# cpu: pass
# cuda: error
# all: error
import torch


def fx_double(x: torch.Tensor) -> torch.Tensor:
    if x.is_cuda:
        raise RuntimeError("this answer was never tried on a GPU")
    return x * 2
