import numpy as np


def top_values(x: np.ndarray) -> np.ndarray:
    raise NotImplementedError("write top_values")
