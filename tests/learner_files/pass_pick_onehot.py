# vecdrill: fx-pick
# expect: pass
import torch
import torch.nn.functional as F


def fx_pick(m, idx):
    mask = F.one_hot(idx, num_classes=m.shape[1]).to(m.dtype)
    return (m * mask).sum(dim=1)
