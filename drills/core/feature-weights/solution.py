import numpy as np


def feature_weights(data: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """(N, D) * (D,): the weights line up with the last axis and repeat down the rows."""
    return data * weights
