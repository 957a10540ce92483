# function: relu_where
# banned: torch.relu, torch.nn.functional.relu, torch.Tensor.relu, torch.clamp, torch.Tensor.clamp
# expect: forbidden F007
import torch


def relu_where(x):
    return torch.relu(x)
