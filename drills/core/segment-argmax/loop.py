import torch


def segment_argmax(
    values: torch.Tensor, segment_ids: torch.Tensor, num_segments: int
) -> torch.Tensor:
    """Position of the largest value in each segment, one entry at a time.

    values: (N,) float32.
    segment_ids: (N,) int64 in [0, num_segments): entry n belongs to
        segment segment_ids[n] (not sorted).
    num_segments: Python int K.
    Returns (K,) int64: out[k] = the n with segment_ids[n] == k and the
    largest values[n]; on ties the smallest such n; -1 for a segment with
    no entries.
    """
    N = values.shape[0]
    best_value = [None] * num_segments
    best_index = [-1] * num_segments
    for n in range(N):
        k = int(segment_ids[n])
        v = float(values[n])
        if best_value[k] is None or v > best_value[k]:
            best_value[k] = v
            best_index[k] = n
    return torch.tensor(best_index, dtype=torch.int64, device=values.device)
