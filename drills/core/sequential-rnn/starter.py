import torch


def sequential_rnn(x: torch.Tensor, w_x: torch.Tensor, w_h: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
    """An Elman RNN over a batch; a Python loop over T is allowed, over B it is not.

    x: (B, T, I) float32, B sequences of T input vectors.
    w_x: (I, H) float32, input-to-hidden weights.
    w_h: (H, H) float32, hidden-to-hidden weights.
    bias: (H,) float32.
    Returns (B, T, H) float32, every hidden state: h_t = tanh(x[:, t] @ w_x + h_(t-1) @ w_h + bias),
    starting from h_(-1) = 0.
    """
    # TODO: keep a (B, H) hidden state and advance it one step of T at a time, for all sequences at once.
    raise NotImplementedError("write sequential_rnn")
