import torch


def gather_last_valid(hidden: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Pick the hidden state at each sequence's last real step, without a Python loop.

    hidden: (B, T, H) float32, the hidden state of B sequences padded to T steps.
    lengths: (B,) int64, the real length of each sequence, each in [1, T].
    Returns (B, H) float32 with out[b] = hidden[b, lengths[b] - 1].
    """
    # TODO: pair every batch row with its own last step in one indexing call.
    raise NotImplementedError("write gather_last_valid")
