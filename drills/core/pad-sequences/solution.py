import torch


def pad_sequences(values: torch.Tensor, lengths: torch.Tensor, max_len: int):
    """Mask from a broadcast comparison; masked_scatter fills its True slots in row-major order."""
    positions = torch.arange(max_len, device=lengths.device)
    mask = positions < lengths.unsqueeze(1)
    padded = torch.zeros(lengths.shape[0], max_len, dtype=values.dtype, device=values.device)
    return padded.masked_scatter(mask, values), mask
