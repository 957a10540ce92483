import numpy as np


def view_aliasing(x: np.ndarray) -> np.ndarray:
    """The strided slice is a view of x: copy it, then clip the copy."""
    out = x[::2].copy()
    np.clip(out, -1.0, 1.0, out=out)
    return out
