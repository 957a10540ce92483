import torch


def hessian_jacfwd(w: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """Per-sample Hessians of a scalar function, one hessian() per sample.

    w: (K, D) float32, K >= 1 rows of a linear map.
    x: (N, D) float32, N >= 1 points.
    f(v) = logsumexp(w @ v) + 0.5 * (v . v) for one vector v of shape (D,).
    Returns (N, D, D) float32: out[i] is the Hessian of f at x[i].
    """

    def f(v):
        return torch.logsumexp(w @ v, dim=0) + 0.5 * (v * v).sum()

    hessians = []
    for i in range(x.shape[0]):
        hessians.append(torch.autograd.functional.hessian(f, x[i]))
    return torch.stack(hessians)
