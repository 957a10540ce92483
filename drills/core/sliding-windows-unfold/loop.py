import torch


def sliding_windows_unfold(x: torch.Tensor, window: int, stride: int) -> torch.Tensor:
    """Mean of every length-`window` window, taken every `stride` steps along each row.

    x: (B, T) float32, T >= window.
    window, stride: Python ints (8 and 4 in this drill).
    Returns (B, N) float32 with N = (T - window) // stride + 1:
    out[i, n] = mean(x[i, n * stride : n * stride + window]). A tail shorter than a window is dropped.
    """
    B, T = x.shape
    n_windows = (T - window) // stride + 1
    out = torch.empty(B, n_windows, dtype=x.dtype, device=x.device)
    for i in range(B):
        for n in range(n_windows):
            start = n * stride
            out[i, n] = x[i, start:start + window].mean()
    return out
