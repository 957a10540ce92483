import torch


def masked_log_softmax(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Log-softmax over the valid entries of each row, for all rows at once.

    x: (B, C) float32 scores.
    mask: (B, C) bool, True where an entry may be chosen.
    Returns (B, C) float32: for a row with at least one valid entry, out[i, j] = x[i, j] - m_i -
    log(sum over valid j' of exp(x[i, j'] - m_i)), with m_i the row's largest valid score, at
    valid entries and -inf at masked ones (constants: no gradient flows back from them).
    A row with no valid entry is all zeros.
    """
    # TODO: fill the masked entries, take a log-softmax, give empty rows their defined result.
    raise NotImplementedError("write masked_log_softmax")
