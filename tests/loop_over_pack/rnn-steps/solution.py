import torch


def rnn_steps(x, w):
    h = x.new_zeros(x.shape[0], x.shape[2])
    states = []
    for t in range(x.shape[1]):
        h = torch.tanh(x[:, t] + h @ w)
        states.append(h)
    return torch.stack(states, dim=1) if states else x.new_zeros(x.shape)
