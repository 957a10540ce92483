import torch


def mx_one_hot(labels, k):
    out = torch.zeros(labels.shape[0], k, device=labels.device)
    return out.scatter_(1, labels.unsqueeze(1), 1.0)
