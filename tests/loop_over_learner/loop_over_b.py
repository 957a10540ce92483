import torch


def rnn_steps(x, w):
    rows = []
    for b in range(x.shape[0]):
        h = x.new_zeros(x.shape[2])
        states = []
        for t in range(x.shape[1]):
            h = torch.tanh(x[b, t] + h @ w)
            states.append(h)
        rows.append(torch.stack(states) if states else x.new_zeros(x.shape[1:]))
    return torch.stack(rows) if rows else x.new_zeros(x.shape)
