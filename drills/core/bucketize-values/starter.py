import torch


def bucketize_values(values: torch.Tensor, boundaries: torch.Tensor) -> torch.Tensor:
    """Bucket index of every value, without a Python loop.

    values: (N,) float32; some values are exactly equal to a boundary.
    boundaries: (K,) float32, strictly increasing.
    Returns (N,) int64: out[n] = number of boundaries strictly smaller than values[n], i.e. the j
    with boundaries[j - 1] < values[n] <= boundaries[j]. A value equal to a boundary goes to the
    bucket that ends at it; values above the last boundary get K.
    """
    # TODO: binary-search all values in the sorted boundaries at once; mind which side ties go to.
    raise NotImplementedError("write bucketize_values")
