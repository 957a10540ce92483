# expect: loop L005
import torch


def solve(x):
    def walk(rest):
        if rest.shape[0] == 0:
            return rest
        return torch.cat([rest[:1] * 2, walk(rest[1:])])

    return walk(x)
