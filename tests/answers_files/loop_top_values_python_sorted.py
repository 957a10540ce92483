# vecdrill: top-values
# expect: loop
import numpy as np


def top_values(x):
    return np.array(sorted(x)[-3:])
