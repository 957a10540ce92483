# expect: loop L003
import torch


def solve(x):
    seen = {int(v) for v in x}
    return torch.tensor(len(seen))
