import torch


def gather_last_valid(hidden: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
    """Pick the hidden state at each sequence's last real step, one sequence at a time.

    hidden: (B, T, H) float32, the hidden state of B sequences padded to T steps.
    lengths: (B,) int64, the real length of each sequence, each in [1, T].
    Returns (B, H) float32 with out[b] = hidden[b, lengths[b] - 1].
    """
    out = torch.zeros(hidden.shape[0], hidden.shape[2], dtype=hidden.dtype, device=hidden.device)
    for b in range(hidden.shape[0]):
        out[b] = hidden[b, lengths[b] - 1]
    return out


def make_inputs(size: dict, gen: torch.Generator) -> dict:
    """Lengths in [1, T]: every sequence has at least one real step."""
    lengths = torch.randint(1, max(size["T"], 1) + 1, (size["B"],), generator=gen)
    return {"lengths": lengths}
