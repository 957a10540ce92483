# expect: ok
# library: numpy
import numpy as np


def solve(points: np.ndarray, centers: np.ndarray) -> np.ndarray:
    diff = points[:, None, :] - centers[None, :, :]
    return np.sqrt((diff**2).sum(axis=-1))
