import torch


def segment_max(values: torch.Tensor, segment_ids: torch.Tensor, num_segments: int) -> torch.Tensor:
    """Feature-wise maximum of the rows in each segment, without a Python loop.

    values: (N, D) float32, N >= 1.
    segment_ids: (N,) int64 in [0, num_segments): row n belongs to segment segment_ids[n]
        (rows are not sorted by segment).
    num_segments: Python int K.
    Returns (K, D) float32: out[k] = elementwise max of values[n] over the n with segment_ids[n] == k;
    a segment with no rows gives a row of zeros.
    """
    # TODO: reduce every row into its segment's output row with a max, in one call.
    raise NotImplementedError("write segment_max")
