import numpy as np


def view_aliasing(x: np.ndarray) -> np.ndarray:
    """Keep every other row of x, clipped to [-1, 1], without a loop.

    x: (N, D) float64, N >= 1 frames of D features.
    Returns a new ((N + 1) // 2, D) float64 array:
    out[i] = clip(x[2 * i], -1, 1).
    The result must not share memory with x, and x must stay unchanged.
    """
    # TODO: take the rows at once; do not clip x's own memory.
    raise NotImplementedError("write view_aliasing")
