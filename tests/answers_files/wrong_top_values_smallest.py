# vecdrill: top-values
# expect: wrong
import numpy as np


def top_values(x):
    return np.partition(x, 2)[:3]
