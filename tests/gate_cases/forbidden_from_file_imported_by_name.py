# expect: forbidden F003
from torch import from_file


def solve(x):
    return from_file("/tmp/answer.bin", size=x.numel()).view_as(x)
