import numpy as np


def select_conditions(income: np.ndarray) -> np.ndarray:
    """Progressive tax on each income, without a Python loop.

    income: (N,) float64, incomes >= 0.
    Returns (N,) float64, bracket by bracket (the first that applies wins):
        0                                 where income <= 10000,
        0.1 * (income - 10000)            where income <= 40000,
        3000 + 0.2 * (income - 40000)     where income <= 100000,
        15000 + 0.4 * (income - 100000)   otherwise.
    """
    # TODO: one boolean array per bracket, one formula per bracket, then choose per element.
    raise NotImplementedError("write select_conditions")
