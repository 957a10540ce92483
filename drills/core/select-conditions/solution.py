import numpy as np


def select_conditions(income: np.ndarray) -> np.ndarray:
    """np.select takes the first true condition per element: the loop's if / elif / else, in order."""
    conditions = [income <= 10000, income <= 40000, income <= 100000]
    choices = [0.0, 0.1 * (income - 10000), 3000 + 0.2 * (income - 40000)]
    return np.select(conditions, choices, default=15000 + 0.4 * (income - 100000))
