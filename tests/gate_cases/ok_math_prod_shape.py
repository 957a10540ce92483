# expect: ok
import math

import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    return x.reshape(x.shape[0], math.prod(x.shape[1:]))
