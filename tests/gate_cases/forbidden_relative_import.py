# expect: forbidden F001
from . import helpers

import torch


def solve(x):
    return x * 2
