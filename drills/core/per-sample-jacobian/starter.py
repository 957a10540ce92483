import torch


def per_sample_jacobian(W: torch.Tensor, b: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """Jacobians of a small layer at every sample, for all samples at once.

    W: (O, D) float32, the layer's weights.
    b: (O,) float32, its bias.
    x: (N, D) float32, one input row per sample.
    The layer is f(v) = tanh(W @ v + b) for one (D,) input v.
    Returns (N, O, D) float32: out[i, o, d] = d f(x[i])[o] / d x[i, d].
    """
    # TODO: write f for one sample, take torch.func.jacrev of it, and vmap over the rows of x.
    raise NotImplementedError("write per_sample_jacobian")
