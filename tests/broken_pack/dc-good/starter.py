import torch


def dc_good(x):
    raise NotImplementedError("write dc_good")
