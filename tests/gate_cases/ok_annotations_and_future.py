# expect: ok
from __future__ import annotations

from typing import Optional

import torch
import torch.nn.functional as F


def solve(x: torch.Tensor, bias: Optional[torch.Tensor] = None) -> tuple[torch.Tensor, list[int]]:
    """Softmax over rows; the shape comes back too."""
    assert x.ndim == 2, "x must be a matrix"
    shifted = x if bias is None else x + bias
    probs: torch.Tensor = F.softmax(shifted, dim=-1)
    with torch.no_grad():
        dims = list(x.shape)
    return probs, dims
