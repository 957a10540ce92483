import torch


def fx_pick(m, idx):
    """m: (B, C) float32, idx: (B,) int64. Returns (B,) float32 with out[i] = m[i, idx[i]]."""
    out = torch.zeros(m.shape[0], dtype=m.dtype, device=m.device)
    for i in range(m.shape[0]):
        out[i] = m[i, idx[i]]
    return out
