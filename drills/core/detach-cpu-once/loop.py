import numpy as np
import torch


def detach_cpu_once(pred: torch.Tensor, target: torch.Tensor) -> np.ndarray:
    """Per-sample losses for a logger, copied to the host sample by sample.

    pred: (B,) float32, the model's predictions; in training it requires
          grad.
    target: (B,) float32, the targets; it may require grad too.
    Returns a (B,) float64 NumPy array on the host:
    out[i] = 0.5 * (pred[i] - target[i]) ** 2, computed in float32.
    """
    out = np.empty(pred.shape[0], dtype=np.float64)
    for i in range(pred.shape[0]):
        loss = 0.5 * (pred[i] - target[i]) ** 2
        # .numpy() refuses a tensor that requires grad, hence detach();
        # and one device-to-host copy (a sync on a GPU) per sample
        out[i] = loss.detach().cpu().numpy()
    return out
