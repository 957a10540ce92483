# function: relu_where
# banned: torch.relu, torch.nn.functional.relu, torch.Tensor.relu, torch.clamp, torch.Tensor.clamp
# expect: forbidden F007
import torch

lib = torch
act = lib.nn.functional


def relu_where(x):
    return act.relu(x)
