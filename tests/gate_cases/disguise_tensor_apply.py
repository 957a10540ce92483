# expect: loop L008
import torch


def solve(x):
    return x.clone().apply_(lambda v: v * 2)
