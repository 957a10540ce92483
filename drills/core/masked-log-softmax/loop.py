import torch


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """Scores, and a mask with about 70% valid entries; row 0 has no valid entry and row 1 exactly
    one (when the rows exist), so both edge cases are in every check."""
    B, C = size["B"], size["C"]
    x = torch.randn(B, C, generator=gen) * 10
    mask = torch.rand(B, C, generator=gen) < 0.7
    if B >= 1:
        mask[0] = False
    if B >= 2 and C >= 1:
        mask[1] = False
        mask[1, int(torch.randint(C, (), generator=gen))] = True
    return {"x": x, "mask": mask}


def masked_log_softmax(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Log-softmax over the valid entries of each row, one row and one entry at a time.

    x: (B, C) float32 scores.
    mask: (B, C) bool, True where an entry may be chosen.
    Returns (B, C) float32: for a row with at least one valid entry, out[i, j] = x[i, j] - m_i -
    log(sum over valid j' of exp(x[i, j'] - m_i)), with m_i the row's largest valid score, at
    valid entries and -inf at masked ones (constants: no gradient flows back from them).
    A row with no valid entry is all zeros.
    """
    B, C = x.shape
    out = torch.zeros(B, C, dtype=x.dtype, device=x.device)
    for i in range(B):
        valid = [j for j in range(C) if mask[i, j]]
        if not valid:
            continue  # nothing to choose from: the row stays zeros
        m = x[i, valid[0]]
        for j in valid:
            if x[i, j] > m:
                m = x[i, j]
        total = torch.zeros((), dtype=x.dtype, device=x.device)
        for j in valid:
            total = total + torch.exp(x[i, j] - m)
        for j in range(C):
            out[i, j] = x[i, j] - m - torch.log(total) if mask[i, j] else float("-inf")
    return out
