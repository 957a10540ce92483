import torch


def segment_argmax(
    values: torch.Tensor, segment_ids: torch.Tensor, num_segments: int
) -> torch.Tensor:
    """Position of the largest value in each segment, without a Python
    loop.

    values: (N,) float32.
    segment_ids: (N,) int64 in [0, num_segments): entry n belongs to
        segment segment_ids[n] (not sorted).
    num_segments: Python int K.
    Returns (K,) int64: out[k] = the n with segment_ids[n] == k and the
    largest values[n]; on ties the smallest such n; -1 for a segment with
    no entries.
    """
    # TODO: first each segment's maximum, then the first position that
    # reaches it.
    raise NotImplementedError("write segment_argmax")
