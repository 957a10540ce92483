import numpy as np


def lexsort_records(group: np.ndarray, level: np.ndarray, time: np.ndarray) -> np.ndarray:
    """Order records by group, then level (highest first), then time, with a Python sort.

    group: (N,) int64, the primary key, ascending.
    level: (N,) int64, the secondary key, descending (level 3 before level 0 within a group).
    time: (N,) float64, the last key, ascending.
    Returns (N,) int64: the record indices in that order (records equal on all three keys keep
    their input order).
    """
    keyed = []
    for i in range(group.shape[0]):
        keyed.append((int(group[i]), -int(level[i]), float(time[i]), i))
    keyed.sort()
    return np.array([record[3] for record in keyed], dtype=np.int64)
