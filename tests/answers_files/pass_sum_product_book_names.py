# vecdrill: sum-product
# expect: pass
# A book's answer: its own parameter names, in the spec's order, and a numpy scalar returned.
import numpy as np


def sum_product(a, b):
    return np.sum(b) * np.sum(a)
