import torch


def index_reduce_mean(values: torch.Tensor, group_ids: torch.Tensor, num_groups: int) -> torch.Tensor:
    """A 'mean' index_reduce into zeros; include_self=False keeps the zeros out of every mean."""
    out = torch.zeros(num_groups, values.shape[1], dtype=values.dtype, device=values.device)
    return out.index_reduce(0, group_ids, values, "mean", include_self=False)
