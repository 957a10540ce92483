import torch


def per_sample_grad_norm(w: torch.Tensor, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """Per-sample gradient norms of a squared-error linear model, for all samples at once.

    w: (D,) float32, the model's weights.
    x: (N, D) float32, one input row per sample.
    y: (N,) float32, the targets.
    The loss of sample i is loss_i = (x[i] . w - y[i]) ** 2.
    Returns (N,) float32: the Euclidean norm of d loss_i / d w for each sample i.
    """
    # TODO: write the loss for ONE sample, take torch.func.grad of it, and vmap over the samples.
    raise NotImplementedError("write per_sample_grad_norm")
