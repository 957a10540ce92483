import torch


def unfold_patches(images: torch.Tensor, k: int) -> torch.Tensor:
    """Cut images into non-overlapping k x k patches, without a Python loop.

    images: (B, C, H, W) float32, with H >= k and W >= k.
    k: Python int, the patch size and the stride (4 in this drill); rows or columns left over at
    the bottom or right edge (H % k, W % k) are dropped.
    Returns (B, L, C * k * k) float32 with L = (H // k) * (W // k): patches in row-major order
    (patch l = r * (W // k) + c covers rows r*k .. r*k+k-1 and columns c*k .. c*k+k-1), each
    flattened channel first, then row, then column, as torch.nn.functional.unfold orders them.
    """
    # TODO: unfold the rows and the columns into patch views, then move the patch grid before the channels.
    raise NotImplementedError("write unfold_patches")
