import torch


def masked_log_softmax(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """-inf at masked scores takes them out of the softmax. Empty rows get finite scores instead (no
    -inf - (-inf) = NaN, forwards or backwards). The masked outputs are set again after log_softmax:
    there they are constants, so no gradient flows back from them."""
    empty = ~mask.any(dim=1, keepdim=True)
    filled = x.masked_fill(~mask, float("-inf")).masked_fill(empty, 0.0)
    out = torch.log_softmax(filled, dim=1)
    return out.masked_fill(~mask, float("-inf")).masked_fill(empty, 0.0)
