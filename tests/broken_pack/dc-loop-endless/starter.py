import torch


def dc_loop_endless(x):
    raise NotImplementedError("write dc_loop_endless")
