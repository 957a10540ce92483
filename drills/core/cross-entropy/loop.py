import torch


def cross_entropy(predictions: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    """Mean cross-entropy of predicted probabilities, one sample at a time.

    predictions: (B, C) float32, each row a probability distribution over C classes.
    labels: (B,) int64, the true class of each sample, in [0, C).
    Returns a 0-dim float32 tensor: the mean over i of -log(predictions[i, labels[i]] + 1e-8).
    """
    batch_size = predictions.shape[0]
    loss_sum = 0.0
    for i in range(batch_size):
        loss_sum += -torch.log(predictions[i][labels[i]] + 1e-8)
    return loss_sum / batch_size
