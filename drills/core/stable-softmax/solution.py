import torch


def stable_softmax(logits: torch.Tensor) -> torch.Tensor:
    """Softmax over dim 1 after subtracting each row's maximum (keepdim so it broadcasts)."""
    shifted = logits - logits.amax(dim=1, keepdim=True)
    e = torch.exp(shifted)
    return e / e.sum(dim=1, keepdim=True)
