import torch


def index_reduce_mean(values: torch.Tensor, group_ids: torch.Tensor, num_groups: int) -> torch.Tensor:
    """Mean of the rows of values per group, one row at a time.

    values: (N, D) float32, one feature row per sample.
    group_ids: (N,) int64, the group of each row, in [0, num_groups) (not sorted).
    num_groups: Python int K.
    Returns (K, D) float32: out[k] = mean of the rows n with group_ids[n] == k,
    and a row of zeros for a group with no rows.
    """
    sums = torch.zeros(num_groups, values.shape[1], dtype=values.dtype, device=values.device)
    counts = [0] * num_groups
    for n in range(values.shape[0]):
        k = int(group_ids[n])
        sums[k] = sums[k] + values[n]
        counts[k] += 1
    rows = []
    for k in range(num_groups):
        rows.append(sums[k] / counts[k] if counts[k] > 0 else sums[k])
    return torch.stack(rows)
