# vecdrill: fx-pick
# expect: loop
import torch


def fx_pick(m, idx):
    return torch.stack(tuple(m[i, idx[i]] for i in range(m.shape[0])))
