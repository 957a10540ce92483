import torch


def embedding_bag_mean(weight: torch.Tensor, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    """Mean embedding of every bag, one bag at a time.

    weight: (V, D) float32, the embedding table.
    indices: (T,) int64, the ids of all bags concatenated, each in [0, V).
    offsets: (B,) int64, sorted, offsets[0] == 0: bag b is indices[offsets[b]:offsets[b + 1]],
        and the last bag runs to the end of indices. Bags may be empty.
    Returns (B, D) float32: row b is the mean of weight[i] over the ids i in bag b
    (zeros for an empty bag).
    """
    total, bags = indices.shape[0], offsets.shape[0]
    out = torch.zeros(bags, weight.shape[1], dtype=weight.dtype, device=weight.device)
    for b in range(bags):
        start = int(offsets[b])
        end = int(offsets[b + 1]) if b + 1 < bags else total
        if end > start:
            out[b] = weight[indices[start:end]].mean(dim=0)
    return out


def make_inputs(size: dict, gen: torch.Generator) -> dict:
    """B sorted offsets starting at 0, so bag sizes vary and some bags are empty."""
    cuts = torch.randint(0, size["T"] + 1, (size["B"] - 1,), generator=gen).sort().values
    offsets = torch.cat([torch.zeros(1, dtype=torch.int64), cuts])
    return {"offsets": offsets}
