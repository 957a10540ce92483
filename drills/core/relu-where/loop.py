import torch


def relu_where(x: torch.Tensor) -> torch.Tensor:
    """ReLU, one element at a time.

    x: (R, C) float32, any values.
    Returns (R, C) float32: x where x > 0, otherwise 0.
    """
    flat = x.reshape(-1)
    result = torch.zeros(flat.numel(), dtype=x.dtype, device=x.device)
    for i in range(flat.numel()):
        if flat[i] > 0:
            result[i] = flat[i]
    return result.view(x.shape)
