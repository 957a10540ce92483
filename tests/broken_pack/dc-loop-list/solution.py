import torch


def dc_loop_list(x):
    return x * 2
