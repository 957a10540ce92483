import torch


def per_sample_grad_norm(w: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """vmap the gradient of a one-sample loss over the samples; w is shared (in_dims None)."""

    def sample_loss(weights, xi, yi):
        return (xi @ weights - yi) ** 2

    grads = torch.func.vmap(torch.func.grad(sample_loss), in_dims=(None, 0, 0))(w, x, y)
    return torch.linalg.vector_norm(grads, dim=1)
