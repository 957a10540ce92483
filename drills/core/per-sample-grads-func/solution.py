import torch


def per_sample_grads_func(w1, b1, w2, x, y):
    """grad of a one-sample loss over a dict of parameters, vmapped."""

    def sample_loss(params, xi, yi):
        hidden = torch.tanh(params["w1"] @ xi + params["b1"])
        return (hidden @ params["w2"] - yi) ** 2

    params = {"w1": w1, "b1": b1, "w2": w2}
    per_sample = torch.func.vmap(
        torch.func.grad(sample_loss), in_dims=(None, 0, 0)
    )
    g = per_sample(params, x, y)
    return g["w1"], g["b1"], g["w2"]
