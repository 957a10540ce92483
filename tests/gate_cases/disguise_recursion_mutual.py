# expect: loop L005
import torch


def even_part(x):
    return x if x.shape[0] == 0 else torch.cat([x[:1] * 2, odd_part(x[1:])])


def odd_part(x):
    return x if x.shape[0] == 0 else torch.cat([x[:1] * 2, even_part(x[1:])])


def solve(x):
    return even_part(x)
