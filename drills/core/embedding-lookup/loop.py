import torch


def embedding_lookup(table: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
    """Look up token embeddings, one token at a time.

    table: (V, D) float32, one embedding row per vocabulary entry.
    ids: (B, L) int64, token ids in [0, V) for B sequences of length L.
    Returns (B, L, D) float32 with out[b, t] = table[ids[b, t]].
    """
    batch, length = ids.shape
    out = torch.zeros(batch, length, table.shape[1], dtype=table.dtype, device=table.device)
    for b in range(batch):
        for t in range(length):
            out[b, t] = table[ids[b, t]]
    return out
