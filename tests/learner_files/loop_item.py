# vecdrill: fx-pick
# expect: loop
import torch


def fx_pick(m, idx):
    return m[0, idx[0].item()].reshape(1)
