# vecdrill: sum-product
# expect: loop
# .tolist() hands every element to Python: a loop in a numpy drill as in a torch one.
import numpy as np


def sum_product(x, y):
    return float(np.sum(np.array(x.tolist())) * np.sum(y))
