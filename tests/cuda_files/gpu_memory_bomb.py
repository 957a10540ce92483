# vecdrill: fx-double
# Asks for 12 GiB of GPU memory: less than the card has, more than one check may use.
# cpu: pass
# cuda: memory
# all: memory
import torch


def fx_double(x: torch.Tensor) -> torch.Tensor:
    if x.is_cuda:
        waste = torch.empty(3 * 2**30, dtype=torch.float32, device=x.device)
        return x * 2 + waste[:0].sum()
    return x * 2
