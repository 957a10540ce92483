# vecdrill: fx-pick
# expect: pass
import torch


def fx_pick(m, idx):
    return m[torch.arange(m.shape[0], device=m.device), idx]
