import numpy as np


def lexsort_records(group: np.ndarray, level: np.ndarray, time: np.ndarray) -> np.ndarray:
    """Order records by group, then level (highest first), then time, without a Python loop.

    group: (N,) int64, the primary key, ascending.
    level: (N,) int64, the secondary key, descending (level 3 before level 0 within a group).
    time: (N,) float64, the last key, ascending.
    Returns (N,) int64: the record indices in that order (records equal on all three keys keep
    their input order).
    """
    # TODO: one stable multi-key sort; mind which key np.lexsort treats as the primary one.
    raise NotImplementedError("write lexsort_records")
