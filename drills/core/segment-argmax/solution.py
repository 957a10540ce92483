import torch


def segment_argmax(
    values: torch.Tensor, segment_ids: torch.Tensor, num_segments: int
) -> torch.Tensor:
    """Scatter the max, compare every entry with its segment's max, then
    scatter the smallest position that reaches it."""
    N = values.shape[0]
    best = values.new_full((num_segments,), float("-inf"))
    best = best.scatter_reduce(0, segment_ids, values, reduce="amax")
    position = torch.arange(N, device=values.device)
    cand = torch.where(values == best[segment_ids], position, N)
    first = torch.full(
        (num_segments,), N, dtype=torch.int64, device=values.device
    )
    first = first.scatter_reduce(0, segment_ids, cand, reduce="amin")
    return torch.where(first < N, first, -1)          # empty segment: -1
