import numpy as np


def sum_product(x: np.ndarray, y: np.ndarray) -> float:
    return float(np.sum(y) * np.sum(x))
