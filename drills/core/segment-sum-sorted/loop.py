import numpy as np
import torch


def segment_sum_sorted(keys: np.ndarray, values: np.ndarray, num_keys: int) -> np.ndarray:
    """Sum the values of each key, walking the sorted keys one position at a time.

    keys: (N,) int64, sorted ascending, in [0, num_keys); some keys may not occur.
    values: (N,) float64, one value per position.
    num_keys: int K (K >= 1).
    Returns (K,) float64: out[k] = sum of values[i] over the i with keys[i] == k (0 if none).
    """
    out = np.zeros(num_keys, dtype=np.float64)
    for i in range(keys.shape[0]):
        out[keys[i]] += values[i]
    return out


def make_inputs(size: dict, gen: torch.Generator) -> dict:
    """Sorted keys drawn with repeats, so that runs have different lengths and some keys are missing."""
    keys = torch.randint(0, size["K"], (size["N"],), generator=gen).sort().values
    return {"keys": keys.numpy()}
