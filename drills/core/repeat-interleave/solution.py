import torch


def repeat_interleave(values: torch.Tensor, counts: torch.Tensor, total: int) -> torch.Tensor:
    """Per-row repeat counts along dim 0; output_size=total spares the device-to-host read of the sum."""
    return torch.repeat_interleave(values, counts, dim=0, output_size=total)
