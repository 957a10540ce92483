import torch
import torch.nn.functional as F


def collate_resize(images: torch.Tensor, oh: int, ow: int) -> torch.Tensor:
    """A collate step that scales and resizes a batch, one image at a time.

    images: (B, C, H, W) uint8, B >= 1 images with pixel values 0 to 255.
    oh, ow: Python ints >= 1, the output height and width.
    Returns (B, C, oh, ow) float32: each image divided by 255, then resized
    with bilinear interpolation (align_corners=False).
    """
    resized = []
    for image in images:
        pixels = image.float() / 255
        # interpolate wants a batch dimension: add one, resize, drop it again
        out = F.interpolate(
            pixels.unsqueeze(0), size=(oh, ow), mode="bilinear",
            align_corners=False,
        )
        resized.append(out.squeeze(0))
    return torch.stack(resized)
