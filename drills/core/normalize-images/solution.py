import numpy as np


def normalize_images(images: np.ndarray, mean: np.ndarray, std: np.ndarray) -> np.ndarray:
    """Reshape the per-channel statistics to (1, 3, 1, 1) so they broadcast over B, H and W."""
    return (images - mean.reshape(1, 3, 1, 1)) / std.reshape(1, 3, 1, 1)
