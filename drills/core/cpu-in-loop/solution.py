import torch


def cpu_in_loop(scores: torch.Tensor) -> torch.Tensor:
    """One argmax along the columns, on the device; it returns the first maximum of each row."""
    return scores.argmax(dim=1)
