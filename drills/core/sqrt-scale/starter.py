import numpy as np


def sqrt_scale(x: np.ndarray) -> np.ndarray:
    """2 * sqrt(x) without a Python loop.

    x: (N,) float64, non-negative.
    Returns (N,) float64: out[i] = np.sqrt(x[i]) * 2.0.
    """
    # TODO: np.sqrt is already a whole-array function; use it that way.
    raise NotImplementedError("write sqrt_scale")
