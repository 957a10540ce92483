import numpy as np


def square_plus_one(x: np.ndarray) -> np.ndarray:
    """(x**2 + 1) / 2 as three whole-array ufunc calls."""
    return (x ** 2 + 1) / 2
