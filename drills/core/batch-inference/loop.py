import torch


def batch_inference(w1, b1, w2, b2, x):
    """A two-layer MLP's inference, one sample (a batch of 1) at a time.

    w1: (H, D) float32, b1: (H,) float32: the hidden layer.
    w2: (C, H) float32, b2: (C,) float32: the output layer.
    x: (B, D) float32, B >= 1 samples.
    Returns (B, C) float32: row i is relu(x[i] @ w1.T + b1) @ w2.T + b2.
    """
    outputs = []
    with torch.no_grad():
        for i in range(x.shape[0]):
            hidden = torch.relu(w1 @ x[i] + b1)  # (H,)
            outputs.append(w2 @ hidden + b2)     # (C,)
    return torch.stack(outputs)
