import numpy as np


def take_along_axis(keys: np.ndarray, values: np.ndarray) -> np.ndarray:
    """One stable argsort along the rows gives every row's order; take_along_axis applies it per row."""
    order = np.argsort(keys, axis=1, kind="stable")
    return np.take_along_axis(values, order, axis=1)
