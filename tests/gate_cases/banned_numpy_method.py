# expect: forbidden F007
# library: numpy
# banned: numpy.clip, numpy.ndarray.clip, numpy.maximum
import numpy as np


def solve(a):
    return a.clip(0, None)
