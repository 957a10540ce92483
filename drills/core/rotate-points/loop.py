import torch


def _rotate_point(px: torch.Tensor, py: torch.Tensor, theta: torch.Tensor):
    """Rotate one point (px, py) about the origin by theta radians."""
    return (px * torch.cos(theta) - py * torch.sin(theta),
            px * torch.sin(theta) + py * torch.cos(theta))


def rotate_points(x: torch.Tensor, y: torch.Tensor, theta: torch.Tensor):
    """Rotate 2-D points about the origin, one point at a time.

    x, y: (N,) float32, the coordinates of N points.
    theta: 0-dim float32 tensor (shape []), the angle in radians, the same for every point.
    Returns a tuple (x_rot, y_rot) of (N,) float32 tensors:
    x_rot = x cos(theta) - y sin(theta), y_rot = x sin(theta) + y cos(theta).
    """
    xs = []
    ys = []
    for i in range(x.shape[0]):
        px, py = _rotate_point(x[i], y[i], theta)
        xs.append(px)
        ys.append(py)
    return torch.stack(xs), torch.stack(ys)
