import torch


def rotate_points(x: torch.Tensor, y: torch.Tensor, theta: torch.Tensor):
    """Rotate 2-D points about the origin without a Python loop.

    x, y: (N,) float32, the coordinates of N points.
    theta: 0-dim float32 tensor (shape []), the angle in radians, the same for every point.
    Returns a tuple (x_rot, y_rot) of (N,) float32 tensors:
    x_rot = x cos(theta) - y sin(theta), y_rot = x sin(theta) + y cos(theta).
    """
    # TODO: rotate all points at once (torch.vmap or plain broadcasting).
    raise NotImplementedError("write rotate_points")
