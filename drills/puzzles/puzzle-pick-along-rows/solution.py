import torch


def puzzle_pick_along_rows(x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    """A column of row numbers pairs each row with its own row of idx."""
    return x[torch.arange(x.shape[0], device=x.device)[:, None], idx]
