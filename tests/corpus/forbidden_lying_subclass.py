# vecdrill: fx-double
# expect: forbidden
# message: `__eq__` reaches into Python internals
import torch


class Liar(torch.Tensor):
    def __eq__(self, other):
        return True


def fx_double(x):
    return x.as_subclass(Liar)
