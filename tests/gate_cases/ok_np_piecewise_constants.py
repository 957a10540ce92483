# expect: ok
# library: numpy
import numpy as np


def solve(a: np.ndarray) -> np.ndarray:
    return np.piecewise(a, [a < 0, a >= 0], [-1.0, 1.0])
