import torch


def gather_last_valid(hidden: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Two (B,) index tensors pair row b with step lengths[b] - 1; the H features come along whole."""
    rows = torch.arange(hidden.shape[0], device=hidden.device)
    return hidden[rows, lengths - 1]
