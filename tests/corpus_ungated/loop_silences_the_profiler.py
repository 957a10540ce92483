# vecdrill: fx-np-square
# expect: loop
# message: your solution switched off vecdrill's work counters (the Python call profiler was switched off)
import sys

import numpy as np


def fx_np_square(x):
    sys.setprofile(None)
    return np.square(x)
