# vecdrill: top-values
# expect: pass
import numpy as np


def top_values(values):
    return np.sort(values)[::-1][:3]
