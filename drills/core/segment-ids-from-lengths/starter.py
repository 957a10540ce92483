import torch


def segment_ids_from_lengths(lengths: torch.Tensor) -> torch.Tensor:
    """Segment ids from segment lengths, without a Python loop.

    lengths: (S,) int64, each >= 0, the length of segment s (0 for an empty segment).
    Returns (lengths.sum(),) int64 on lengths' device: lengths[0] zeros, then lengths[1] ones,
    and so on; it is the id of the segment each element of a packed batch belongs to.
    """
    # TODO: repeat every segment index by its own length in one call.
    raise NotImplementedError("write segment_ids_from_lengths")
