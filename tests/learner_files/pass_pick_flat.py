# vecdrill: fx-pick
# expect: pass
import torch


def fx_pick(m, idx):
    flat = m.reshape(-1)
    return flat[idx + torch.arange(m.shape[0], device=m.device) * m.shape[1]]
