import torch


def puzzle_seen_before(x: torch.Tensor) -> torch.Tensor:
    """Mark the values that appeared earlier, one pair at a time.

    x: (N,) int64.
    Returns (N,) bool with out[i] = True if x[j] == x[i] for some j < i.
    """
    out = torch.zeros(x.shape, dtype=torch.bool, device=x.device)
    for i in range(x.shape[0]):
        for j in range(i):
            if x[j] == x[i]:
                out[i] = True
    return out
