import torch


def embedding_lookup(table: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
    """Select all rows with one index_select on the flattened ids, then restore the (B, L) layout."""
    rows = table.index_select(0, ids.reshape(-1))
    return rows.reshape(*ids.shape, table.shape[1])
