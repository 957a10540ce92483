import torch


def per_sample_grad_norm(w: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """Per-sample gradient norms of a squared-error linear model, one backward pass per sample.

    w: (D,) float32, the model's weights.
    x: (N, D) float32, one input row per sample.
    y: (N,) float32, the targets.
    The loss of sample i is loss_i = (x[i] . w - y[i]) ** 2.
    Returns (N,) float32: the Euclidean norm of d loss_i / d w for each sample i.
    """
    norms = []
    with torch.enable_grad():  # also works when the caller runs under torch.no_grad()
        for i in range(x.shape[0]):
            w_i = w.detach().requires_grad_(True)
            loss = (x[i] @ w_i - y[i]) ** 2
            (grad,) = torch.autograd.grad(loss, w_i)
            norms.append(grad.norm())
    return torch.stack(norms)
