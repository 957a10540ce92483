import torch


def mx_one_hot(labels, k):
    out = torch.zeros(labels.shape[0], k)
    for i in range(labels.shape[0]):
        out[i, labels[i]] = 1.0
    return out
