# vecdrill: sum-product
# expect: wrong
import numpy as np


def sum_product(x, y):
    return float(np.sum(x * y))
