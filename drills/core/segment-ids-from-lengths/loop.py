import torch


def segment_ids_from_lengths(lengths: torch.Tensor) -> torch.Tensor:
    """Segment ids from segment lengths, one segment at a time.

    lengths: (S,) int64, each >= 0, the length of segment s (0 for an empty segment).
    Returns (lengths.sum(),) int64 on lengths' device: lengths[0] zeros, then lengths[1] ones,
    and so on; it is the id of the segment each element of a packed batch belongs to.
    """
    ids = []
    for s in range(lengths.shape[0]):
        ids.extend([s] * int(lengths[s]))  # int() reads the length back to Python: a sync on a GPU
    return torch.tensor(ids, dtype=torch.int64, device=lengths.device)
