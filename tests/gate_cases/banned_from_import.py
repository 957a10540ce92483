# function: relu_where
# banned: torch.relu, torch.nn.functional.relu, torch.Tensor.relu, torch.clamp, torch.Tensor.clamp
# expect: forbidden F007
from torch import relu as rectify


def relu_where(x):
    return rectify(x)
