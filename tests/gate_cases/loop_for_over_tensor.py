# expect: loop L001
import torch


def solve(x):
    rows = []
    for row in x:
        rows.append(row * 2)
    return torch.stack(rows)
