import torch


def per_sample_grads_func(w1, b1, w2, x, y):
    """Per-sample gradients of a 2-layer MLP's loss, one backward per sample.

    w1: (H, D) float32, b1: (H,) float32, w2: (H,) float32: the parameters.
    x: (N, D) float32, N >= 1 inputs; y: (N,) float32, the targets.
    The model is pred(v) = tanh(w1 @ v + b1) @ w2, and sample i's loss is
    loss_i = (pred(x[i]) - y[i]) ** 2.
    Returns a tuple (g_w1, g_b1, g_w2) of float32 tensors shaped (N, H, D),
    (N, H) and (N, H): row i of each is d loss_i / d that parameter.
    """
    g_w1, g_b1, g_w2 = [], [], []
    with torch.enable_grad():  # works under the caller's no_grad() too
        for i in range(x.shape[0]):
            params = [p.detach().requires_grad_(True) for p in (w1, b1, w2)]
            hidden = torch.tanh(params[0] @ x[i] + params[1])
            loss = (hidden @ params[2] - y[i]) ** 2
            grads = torch.autograd.grad(loss, params)
            g_w1.append(grads[0])
            g_b1.append(grads[1])
            g_w2.append(grads[2])
    return torch.stack(g_w1), torch.stack(g_b1), torch.stack(g_w2)
