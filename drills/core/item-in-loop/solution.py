import torch


def item_in_loop(x: torch.Tensor, limit: float):
    """One clamp for the values; a mask summed on the device for the count: no .item() at all."""
    return torch.clamp(x, -limit, limit), (x.abs() > limit).sum()
