# expect: forbidden F008
from torch import *


def solve(x):
    return where(x > 0, x, 0.0)
