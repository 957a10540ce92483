import torch


def mask_lengths(lengths: torch.Tensor, t: int) -> torch.Tensor:
    """lengths (B,) int64 in [0, t]; returns (B, t) bool, True before each row's length."""
    out = torch.zeros(lengths.shape[0], t, dtype=torch.bool, device=lengths.device)
    for b in range(lengths.shape[0]):
        out[b, : lengths[b]] = True
    return out
