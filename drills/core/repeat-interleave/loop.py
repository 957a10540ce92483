import torch


def repeat_interleave(values: torch.Tensor, counts: torch.Tensor, total: int) -> torch.Tensor:
    """Repeat every row of values counts[n] times, in order, one row at a time.

    values: (N, D) float32.
    counts: (N,) int64, each >= 0 (a count of 0 drops the row).
    total: Python int, equal to counts.sum(): the number of output rows, known in advance.
    Returns (total, D) float32: row 0 repeated counts[0] times, then row 1 counts[1] times, and so on.
    """
    N = values.shape[0]
    pieces = []
    for n in range(N):
        c = int(counts[n])
        pieces.append(values[n].repeat(c, 1))    # (c, D)
    return torch.cat(pieces)


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """Counts in 0..3; the first row always appears (twice) and, when N > 1, the last never does."""
    N = size["N"]
    counts = torch.randint(0, 4, (N,), generator=gen)
    counts[0] = 2
    if N > 1:
        counts[-1] = 0
    return {"counts": counts, "total": int(counts.sum())}
