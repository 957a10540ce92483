import torch


def linear_layer(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """A fully connected layer applied one sample at a time.

    x: (N, D) float32, one input row per sample.
    w: (D, O) float32, the weight matrix.
    b: (O,) float32, the bias.
    Returns (N, O) float32 with out[i] = x[i] @ w + b.
    """
    outputs = []
    for i in range(x.shape[0]):
        outputs.append(x[i] @ w + b)
    return torch.stack(outputs)
