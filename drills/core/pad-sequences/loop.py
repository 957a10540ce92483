import torch


def pad_sequences(values: torch.Tensor, lengths: torch.Tensor, max_len: int):
    """Collate variable-length sequences into a padded batch and a mask, one sequence at a time.

    values: (T,) float32, all sequences concatenated in order: sequence 0, then sequence 1, ...
    lengths: (B,) int64, the length of each sequence, each in [0, max_len], summing to T.
    max_len: Python int L, the padded length.
    Returns a tuple (padded, mask):
      padded: (B, L) float32, row i holds sequence i followed by zeros;
      mask: (B, L) bool, True exactly at the positions that hold real values.
    """
    batch = lengths.shape[0]
    padded = torch.zeros(batch, max_len, dtype=values.dtype, device=values.device)
    mask = torch.zeros(batch, max_len, dtype=torch.bool, device=values.device)
    start = 0
    for i in range(batch):
        n = int(lengths[i])
        padded[i, :n] = values[start:start + n]
        mask[i, :n] = True
        start += n
    return padded, mask


def make_inputs(size: dict, gen: torch.Generator) -> dict:
    """Draw B lengths in [0, L] that sum to exactly T, and T values to fill them."""
    batch, max_len, total = size["B"], size["L"], size["T"]
    slots = torch.randperm(batch * max_len, generator=gen)[:total]
    lengths = torch.bincount(slots // max(max_len, 1), minlength=batch).to(torch.int64)
    values = torch.randn(total, generator=gen)
    return {"values": values, "lengths": lengths}
