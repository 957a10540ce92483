import torch


def rotate_points(x: torch.Tensor, y: torch.Tensor, theta: torch.Tensor):
    """Rotate every point at once: the 0-dim cos/sin broadcast against the (N,) coordinates."""
    c = torch.cos(theta)
    s = torch.sin(theta)
    return x * c - y * s, x * s + y * c
