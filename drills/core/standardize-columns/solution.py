import numpy as np


def standardize_columns(data: np.ndarray) -> np.ndarray:
    """Column statistics with axis=0, applied to every row by broadcasting."""
    return (data - data.mean(axis=0)) / data.std(axis=0)
