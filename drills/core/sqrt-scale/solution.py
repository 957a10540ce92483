import numpy as np


def sqrt_scale(x: np.ndarray) -> np.ndarray:
    """Give np.sqrt the whole array instead of one element."""
    return np.sqrt(x) * 2.0
