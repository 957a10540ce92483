import torch


def gram_matrix_batch(x: torch.Tensor) -> torch.Tensor:
    """The Gram matrix of every sample, without a Python loop.

    x: (B, N, D) float32, B >= 1 samples of N feature rows of length D.
    Returns (B, N, N) float32 with out[b, i, j] = x[b, i] . x[b, j], that is out[b] = x[b] @ x[b].T.
    """
    # TODO: one batched matrix product of x with its per-sample transpose.
    raise NotImplementedError("write gram_matrix_batch")
