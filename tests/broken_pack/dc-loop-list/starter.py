import torch


def dc_loop_list(x):
    raise NotImplementedError("write dc_loop_list")
