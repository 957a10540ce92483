import numpy as np


def segment_sum_sorted(keys: np.ndarray, values: np.ndarray, num_keys: int) -> np.ndarray:
    """searchsorted finds each key's run; reduceat sums the non-empty runs (it mishandles empty ones)."""
    k = np.arange(num_keys)
    starts = np.searchsorted(keys, k)
    ends = np.searchsorted(keys, k, side="right")
    out = np.zeros(num_keys, dtype=np.float64)
    full = ends > starts
    out[full] = np.add.reduceat(values, starts[full])
    return out
