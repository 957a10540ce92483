import numpy as np


def take_along_axis(keys: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Reorder every row of values by the row's keys, one row at a time.

    keys: (B, N) int64, the sort key of each entry (repeats are common).
    values: (B, N) float64, the entries to reorder.
    Returns (B, N) float64: row b is values[b] in the order that sorts keys[b] ascending;
    entries with equal keys keep their original order (a stable sort).
    """
    out = np.empty(values.shape, dtype=values.dtype)
    for b in range(keys.shape[0]):
        order = np.argsort(keys[b], kind="stable")
        out[b] = values[b][order]
    return out
