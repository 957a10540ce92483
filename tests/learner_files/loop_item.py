# vecdrill: fx-pick
# expect: loop
import torch


def fx_pick(m, idx):
    out = torch.empty(m.shape[0], dtype=m.dtype)
    for i in range(m.shape[0]):
        out[i] = m[i, idx[i].item()]
    return out
