# expect: ok
import torch


def solve(x: torch.Tensor, k: int) -> torch.Tensor:
    n = int(x.shape[0])
    size = max(1, n) + min(k, len(x))
    scale = float(size) / abs(round(2.0))
    return x[: max(1, k)] * scale if isinstance(x, torch.Tensor) else x
