import torch


def rnn_steps(x, w):
    """x: (B, T, D), w: (D, D). Returns (B, T, D): h[:, t] = tanh(x[:, t] + h[:, t - 1] @ w)."""
    B, T, D = x.shape
    out = torch.zeros(B, T, D, dtype=x.dtype)
    for b in range(B):
        h = torch.zeros(D, dtype=x.dtype)
        for t in range(T):
            h = torch.tanh(x[b, t] + h @ w)
            out[b, t] = h
    return out
