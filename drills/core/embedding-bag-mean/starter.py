import torch


def embedding_bag_mean(weight: torch.Tensor, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    """Mean embedding of every bag, without a Python loop.

    weight: (V, D) float32, the embedding table.
    indices: (T,) int64, the ids of all bags concatenated, each in [0, V).
    offsets: (B,) int64, sorted, offsets[0] == 0: bag b is indices[offsets[b]:offsets[b + 1]],
        and the last bag runs to the end of indices. Bags may be empty.
    Returns (B, D) float32: row b is the mean of weight[i] over the ids i in bag b
    (zeros for an empty bag).
    """
    # TODO: label every position with its bag, sum the looked-up rows per bag, divide by the sizes.
    raise NotImplementedError("write embedding_bag_mean")
