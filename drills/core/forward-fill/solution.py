import torch


def forward_fill(values: torch.Tensor, missing: torch.Tensor) -> torch.Tensor:
    """A running max of observed positions (-1 where missing) is the
    position of the last observation."""
    T = values.shape[1]
    pos = torch.arange(T, device=values.device).expand_as(values)  # view
    last = torch.where(missing, -1, pos).cummax(dim=1).values      # (B, T)
    filled = values.gather(1, last.clamp(min=0))
    return torch.where(last >= 0, filled, 0.0)      # -1: nothing seen yet
