import torch


def dc_missing_input(x):
    raise NotImplementedError("write dc_missing_input")
