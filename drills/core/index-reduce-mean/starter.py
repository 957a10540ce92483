import torch


def index_reduce_mean(values: torch.Tensor, group_ids: torch.Tensor, num_groups: int) -> torch.Tensor:
    """Mean of the rows of values per group, without a Python loop.

    values: (N, D) float32, one feature row per sample.
    group_ids: (N,) int64, the group of each row, in [0, num_groups) (not sorted).
    num_groups: Python int K.
    Returns (K, D) float32: out[k] = mean of the rows n with group_ids[n] == k,
    and a row of zeros for a group with no rows.
    """
    # TODO: reduce every row into its group with a mean, in one call.
    raise NotImplementedError("write index_reduce_mean")
