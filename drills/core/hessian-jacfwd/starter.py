import torch


def hessian_jacfwd(w: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """Per-sample Hessians of a scalar function, for all samples at once.

    w: (K, D) float32, K >= 1 rows of a linear map.
    x: (N, D) float32, N >= 1 points.
    f(v) = logsumexp(w @ v) + 0.5 * (v . v) for one vector v of shape (D,).
    Returns (N, D, D) float32: out[i] is the Hessian of f at x[i].
    """
    # TODO: f for one vector, its Hessian as a function transform, then vmap.
    raise NotImplementedError("write hessian_jacfwd")
