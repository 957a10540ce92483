# expect: loop L007, loop L006
# library: numpy
from numpy import fromiter


def solve(a):
    return fromiter(map(float, a), dtype=a.dtype)
