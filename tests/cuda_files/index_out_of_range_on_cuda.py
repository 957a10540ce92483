# vecdrill: fx-double
# An index out of range on CUDA only: a device-side assert, which surfaces at the next synchronize,
# is the error of the case that ran it (the CUDA message and the case named), not a crash, and the
# CPU verdict stands beside it.
# cpu: pass
# cuda: error
# all: error
import torch


def fx_double(x: torch.Tensor) -> torch.Tensor:
    if x.is_cuda:
        beyond = torch.full(x.shape, x.shape[0] + 5, dtype=torch.long, device=x.device)
        return x[beyond] * 0 + x * 2
    return x * 2
