import torch


def per_sample_jacobian(W: torch.Tensor, b: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """Jacobians of a small layer at every sample, one autograd Jacobian per sample.

    W: (O, D) float32, the layer's weights.
    b: (O,) float32, its bias.
    x: (N, D) float32, one input row per sample.
    The layer is f(v) = tanh(W @ v + b) for one (D,) input v.
    Returns (N, O, D) float32: out[i, o, d] = d f(x[i])[o] / d x[i, d].
    """

    def layer(v: torch.Tensor) -> torch.Tensor:
        return torch.tanh(W @ v + b)

    jacobians = []
    with torch.enable_grad():  # also works when the caller runs under torch.no_grad()
        for i in range(x.shape[0]):
            jacobians.append(torch.autograd.functional.jacobian(layer, x[i]))
    return torch.stack(jacobians)
