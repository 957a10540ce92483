# vecdrill: sum-product
# expect: pass
# A 0-d array where the loop returns a Python float: numbers compare by value.
import numpy as np


def sum_product(u, v):
    return np.asarray(u.sum() * v.sum())
