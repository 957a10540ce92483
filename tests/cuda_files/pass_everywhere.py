# vecdrill: fx-double
# The plain answer, on every device.
# cpu: pass
# cuda: pass
# all: pass
import torch


def fx_double(x: torch.Tensor) -> torch.Tensor:
    return x * 2
