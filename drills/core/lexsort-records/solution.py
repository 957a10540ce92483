import numpy as np


def lexsort_records(group: np.ndarray, level: np.ndarray, time: np.ndarray) -> np.ndarray:
    """np.lexsort sorts by the LAST key first; negating level makes it descending."""
    return np.lexsort((time, -level, group))
