import torch


def sliding_windows_unfold(x: torch.Tensor, window: int, stride: int) -> torch.Tensor:
    """Mean of every length-`window` window, taken every `stride` steps along each row.

    x: (B, T) float32, T >= window.
    window, stride: Python ints (8 and 4 in this drill).
    Returns (B, N) float32 with N = (T - window) // stride + 1:
    out[i, n] = mean(x[i, n * stride : n * stride + window]). A tail shorter than a window is dropped.
    """
    # TODO: view all windows at once as a (B, N, window) tensor, then reduce the last dimension.
    raise NotImplementedError("write sliding_windows_unfold")
