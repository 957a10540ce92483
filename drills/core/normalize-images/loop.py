import numpy as np


def normalize_images(images: np.ndarray, mean: np.ndarray, std: np.ndarray) -> np.ndarray:
    """Per-channel normalization of an image batch, one pixel at a time.

    images: (B, 3, H, W) float32, channels first.
    mean: (3,) float32, one value per channel.
    std: (3,) float32, one value per channel, strictly positive.
    Returns (B, 3, H, W) float32: (images[b, c, h, w] - mean[c]) / std[c].
    """
    batch, channels, height, width = images.shape
    out = np.empty((batch, channels, height, width), dtype=np.float32)
    for b in range(batch):
        for c in range(channels):
            for h in range(height):
                for w in range(width):
                    out[b, c, h, w] = (images[b, c, h, w] - mean[c]) / std[c]
    return out
