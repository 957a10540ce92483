# vecdrill: fx-pick
# expect: pass
import torch


def fx_pick(m, idx):
    return torch.gather(m, 1, idx.unsqueeze(1)).squeeze(1)
