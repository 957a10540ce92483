# expect: loop L009
import torch


def solve(x):
    position = [0]

    def step():
        position[0] = position[0] + 1
        return None if position[0] > x.shape[0] else x[position[0] - 1] * 2

    return torch.stack([*iter(step, None)])
