# expect: forbidden F003
# library: numpy
import numpy as np


def solve(a):
    return np.lib.npyio.DataSource(None).open("http://127.0.0.1:9/answer").read()
