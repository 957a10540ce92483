import torch


def rnn_steps(x, w):
    h = x.new_zeros(x.shape[0], x.shape[2])
    return torch.stack([torch.tanh(x[:, t] + h @ w) for t in range(x.shape[1])], dim=1)
