# expect: forbidden F005
import torch.nn.functional as F


def solve(x):
    return F.__dict__["relu"](x)
