# vecdrill: sum-product
# expect: pass
import numpy as np


def sum_product(x, y):
    return float(np.outer(x, y).sum())
