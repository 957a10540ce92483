import torch


def puzzle_count_equal(x: torch.Tensor, v: int) -> torch.Tensor:
    """Count the elements of x equal to v, one element at a time.

    x: (N,) int64.
    v: a Python int.
    Returns a 0-dim int64 tensor: the number of i with x[i] == v.
    """
    count = torch.zeros((), dtype=torch.int64, device=x.device)
    for i in range(x.shape[0]):
        if x[i] == v:
            count += 1
    return count
