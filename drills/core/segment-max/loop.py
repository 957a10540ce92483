import torch


def segment_max(values: torch.Tensor, segment_ids: torch.Tensor, num_segments: int) -> torch.Tensor:
    """Feature-wise maximum of the rows in each segment, one row at a time.

    values: (N, D) float32, N >= 1.
    segment_ids: (N,) int64 in [0, num_segments): row n belongs to segment segment_ids[n]
        (rows are not sorted by segment).
    num_segments: Python int K.
    Returns (K, D) float32: out[k] = elementwise max of values[n] over the n with segment_ids[n] == k;
    a segment with no rows gives a row of zeros.
    """
    N, D = values.shape
    best = [None] * num_segments
    for n in range(N):
        k = int(segment_ids[n])
        if best[k] is None:
            best[k] = values[n]
        else:
            best[k] = torch.maximum(best[k], values[n])
    rows = []
    for k in range(num_segments):
        if best[k] is None:
            rows.append(torch.zeros(D, dtype=values.dtype, device=values.device))
        else:
            rows.append(best[k])
    return torch.stack(rows)
