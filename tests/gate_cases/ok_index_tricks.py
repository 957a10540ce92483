# expect: ok
import torch


def solve(x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    batch, width = x.shape
    positions = torch.arange(width, device=x.device)
    mask = positions[None, :] < lengths[:, None]
    shape = tuple(x.shape)
    flat = x.reshape(-1, *x.shape[1:]).view(shape)
    return torch.where(mask, flat, flat.new_zeros(())).cumsum(dim=1)[:, min(width, batch) - 1 :]
