import torch


def beam_reorder(state: torch.Tensor, parents: torch.Tensor) -> torch.Tensor:
    """gather along the beam axis; the index is parents broadcast over H
    (a view, no copy)."""
    H = state.shape[2]
    index = parents.unsqueeze(2).expand(-1, -1, H)          # (B, W, H)
    return torch.gather(state, 1, index)
