# vecdrill: top-values
# expect: pass
# The order of the three does not matter (unordered = "all").
import numpy as np


def top_values(Z):
    return Z[np.argpartition(-Z, 2)[:3]]
