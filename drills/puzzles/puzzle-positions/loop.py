import torch


def puzzle_positions(x: torch.Tensor) -> torch.Tensor:
    """The position of every column of x, written one at a time.

    x: (B, N) float32; only the size of its last dimension and its device
    matter.
    Returns (N,) int64 on x's device with out[j] = j.
    """
    out = torch.zeros(x.shape[-1], dtype=torch.int64, device=x.device)
    for j in range(x.shape[-1]):
        out[j] = j
    return out
