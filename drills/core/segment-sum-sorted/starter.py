import numpy as np


def segment_sum_sorted(keys: np.ndarray, values: np.ndarray, num_keys: int) -> np.ndarray:
    """Sum the values of each key over the sorted keys, without a Python loop.

    keys: (N,) int64, sorted ascending, in [0, num_keys); some keys may not occur.
    values: (N,) float64, one value per position.
    num_keys: int K (K >= 1).
    Returns (K,) float64: out[k] = sum of values[i] over the i with keys[i] == k (0 if none).
    """
    # TODO: find where each key's run starts and ends, then sum every non-empty run in one call.
    raise NotImplementedError("write segment_sum_sorted")
