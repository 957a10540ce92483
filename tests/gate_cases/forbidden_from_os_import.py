# expect: forbidden F001
from os import system

import torch


def solve(x):
    return x * 2
