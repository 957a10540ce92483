import numpy as np


def top_values(x: np.ndarray) -> np.ndarray:
    return np.partition(x, -3)[-3:]
