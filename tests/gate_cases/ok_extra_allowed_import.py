# expect: ok
# library: numpy
# allowed-imports: scipy.special
import numpy as np
from scipy.special import expit


def solve(a: np.ndarray) -> np.ndarray:
    return expit(a) * np.ones_like(a)
