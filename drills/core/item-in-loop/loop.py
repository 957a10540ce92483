import torch


def item_in_loop(x: torch.Tensor, limit: float):
    """Clip x to [-limit, limit] and count the clipped entries, reading one element at a time.

    x: (N,) float32; here whole numbers from -3 to 3, so some entries equal ±limit exactly.
    limit: Python float > 0.
    Returns a tuple (clipped, count): clipped is (N,) float32 with every entry above limit set to
    limit and every entry below -limit set to -limit; count is a 0-dim int64 tensor on x's
    device, the number of entries with |x[i]| > limit.
    """
    clipped = x.clone()
    count = 0
    for i in range(x.shape[0]):
        value = x[i].item()  # a device-to-host copy, and on a GPU a sync, for every element
        if value > limit:
            clipped[i] = limit
            count += 1
        elif value < -limit:
            clipped[i] = -limit
            count += 1
    return clipped, torch.tensor(count, dtype=torch.int64, device=x.device)
