import torch


def inplace_autograd(x: torch.Tensor, cap: float) -> torch.Tensor:
    """A differentiable exp that turns linear above cap, without a Python
    loop.

    x: (N,) float32, may require grad; values far above cap (exp(x) would
        overflow).
    cap: Python float.
    Returns (N,) float32: exp(x[i]) where x[i] <= cap, else
    exp(cap) * (1 + x[i] - cap) (the tangent line at cap). x is not
    modified; the gradient is finite everywhere.
    """
    # TODO: build both branches without writing into x or into a tensor
    # that autograd saved.
    raise NotImplementedError("write inplace_autograd")
