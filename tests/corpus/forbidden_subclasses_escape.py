# vecdrill: fx-double
# expect: forbidden
# message: `__class__` reaches into Python internals
import torch


def fx_double(x):
    classes = ().__class__.__base__.__subclasses__()
    return x * 2 + len(classes) * 0
