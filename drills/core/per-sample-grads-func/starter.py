import torch


def per_sample_grads_func(w1, b1, w2, x, y):
    """Per-sample gradients of a 2-layer MLP's loss, for all samples at once.

    w1: (H, D) float32, b1: (H,) float32, w2: (H,) float32: the parameters.
    x: (N, D) float32, N >= 1 inputs; y: (N,) float32, the targets.
    The model is pred(v) = tanh(w1 @ v + b1) @ w2, and sample i's loss is
    loss_i = (pred(x[i]) - y[i]) ** 2.
    Returns a tuple (g_w1, g_b1, g_w2) of float32 tensors shaped (N, H, D),
    (N, H) and (N, H): row i of each is d loss_i / d that parameter.
    """
    # TODO: the loss of ONE sample, torch.func.grad of it, vmap over samples.
    raise NotImplementedError("write per_sample_grads_func")
