import torch


def puzzle_running_count(m: torch.Tensor) -> torch.Tensor:
    """The running count of True along every row, one element at a time.

    m: (B, N) bool (later puzzles also call it on a 1-D (N,) mask).
    Returns (B, N) int64 with out[b, j] = the number of True among
    m[b, 0], ..., m[b, j].
    """
    out = torch.zeros(m.shape, dtype=torch.int64, device=m.device)
    for b in range(m.shape[0]):
        count = 0
        for j in range(m.shape[1]):
            if m[b, j]:
                count += 1
            out[b, j] = count
    return out
