# vecdrill: fx-double
# expect: wrong
# message: should be a torch.Tensor, but your solution returned a solution.Liar
import torch


class Liar(torch.Tensor):
    def __eq__(self, other):
        return True


def fx_double(x):
    return torch.zeros_like(x).as_subclass(Liar)
