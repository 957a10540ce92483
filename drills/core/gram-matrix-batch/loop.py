import torch


def gram_matrix_batch(x: torch.Tensor) -> torch.Tensor:
    """The Gram matrix of every sample, one sample at a time.

    x: (B, N, D) float32, B >= 1 samples of N feature rows of length D.
    Returns (B, N, N) float32 with out[b, i, j] = x[b, i] . x[b, j], that is out[b] = x[b] @ x[b].T.
    """
    grams = []
    for b in range(x.shape[0]):
        grams.append(x[b] @ x[b].T)
    return torch.stack(grams)
