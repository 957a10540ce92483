import torch


def fx_pick(m, idx):
    return m.gather(1, idx.unsqueeze(1)).squeeze(1)
