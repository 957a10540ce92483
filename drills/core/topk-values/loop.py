import torch


def topk_values(scores: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Each row's k largest scores and their columns, picking the largest k times.

    scores: (B, C) float32, distinct values within a row.
    k: Python int, 0 <= k <= C.
    Returns a tuple (values, indices): values (B, k) float32 holds each row's k largest scores in
    descending order, and indices (B, k) int64 the columns they came from, so that
    values[i, r] = scores[i, indices[i, r]].
    """
    B = scores.shape[0]
    values = torch.empty(B, k, dtype=scores.dtype, device=scores.device)
    indices = torch.empty(B, k, dtype=torch.int64, device=scores.device)
    for i in range(B):
        remaining = scores[i].detach().clone()  # only for searching; values are read from scores
        for r in range(k):
            j = int(torch.argmax(remaining))
            values[i, r] = scores[i, j]
            indices[i, r] = j
            remaining[j] = float("-inf")
    return values, indices
