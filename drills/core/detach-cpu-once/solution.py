import numpy as np
import torch


def detach_cpu_once(pred: torch.Tensor, target: torch.Tensor) -> np.ndarray:
    """All losses on the device; then one detach, one copy, one cast."""
    losses = 0.5 * (pred - target) ** 2
    return losses.detach().cpu().numpy().astype(np.float64)
