# expect: forbidden F003
import torch


def solve(x):
    storage = torch.UntypedStorage.from_file("/tmp/answer.bin", False, x.numel() * 4)
    return torch.tensor(storage).view_as(x)
