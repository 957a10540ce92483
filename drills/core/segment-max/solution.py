import torch


def segment_max(values: torch.Tensor, segment_ids: torch.Tensor, num_segments: int) -> torch.Tensor:
    """scatter_reduce with amax; include_self=False ignores the zeros except where no row arrives."""
    D = values.shape[1]
    index = segment_ids.unsqueeze(1).expand(-1, D)          # (N, D) int64, a view
    out = torch.zeros(num_segments, D, dtype=values.dtype, device=values.device)
    return out.scatter_reduce(0, index, values, reduce="amax", include_self=False)
