# expect: forbidden F003
import torch


def solve(x):
    return torch.from_file("/tmp/answer.bin", size=x.numel()).view_as(x)
