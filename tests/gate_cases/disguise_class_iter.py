# expect: loop L012, forbidden F005
import torch


class Rows:
    def __iter__(self):
        return self


def solve(x):
    return torch.stack([*Rows()])
