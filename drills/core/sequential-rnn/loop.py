import torch


def sequential_rnn(x: torch.Tensor, w_x: torch.Tensor, w_h: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """An Elman RNN run over every sequence separately, one step at a time.

    x: (B, T, I) float32, B sequences of T input vectors.
    w_x: (I, H) float32, input-to-hidden weights.
    w_h: (H, H) float32, hidden-to-hidden weights.
    bias: (H,) float32.
    Returns (B, T, H) float32, every hidden state: h_t = tanh(x[:, t] @ w_x + h_(t-1) @ w_h + bias),
    starting from h_(-1) = 0.
    """
    B, T, _ = x.shape
    H = w_h.shape[0]
    out = torch.empty(B, T, H, dtype=x.dtype, device=x.device)
    for n in range(B):
        h = torch.zeros(H, dtype=x.dtype, device=x.device)
        for t in range(T):
            h = torch.tanh(x[n, t] @ w_x + h @ w_h + bias)
            out[n, t] = h
    return out
