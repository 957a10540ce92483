import torch


def cpu_in_loop(scores: torch.Tensor) -> torch.Tensor:
    """The best column of every row, copying one row at a time to the host to find it.

    scores: (B, C) float32, C >= 1 scores per row.
    Returns (B,) int64 on scores' device: out[i] is the column of the largest scores[i, c]
    (the smallest such c on a tie).
    """
    best = []
    for i in range(scores.shape[0]):
        row = scores[i].cpu().tolist()  # one device-to-host copy, and a sync, per row
        best.append(max(range(len(row)), key=row.__getitem__))  # max keeps the first maximum
    return torch.tensor(best, dtype=torch.int64, device=scores.device)
