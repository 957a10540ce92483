# function: relu_where
# banned: torch.relu, torch.nn.functional.relu, torch.Tensor.relu, torch.clamp, torch.Tensor.clamp
# expect: forbidden F007
from torch.nn import functional as F


def relu_where(x):
    return F.relu(x)
