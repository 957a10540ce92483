import torch


def puzzle_transpose(x: torch.Tensor) -> torch.Tensor:
    """Transpose x by indexing it with position tensors, in one line.

    x: (H, W) float32.
    Returns (W, H) float32 with out[j, i] = x[i, j].

    Rules: one line of at most 70 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzle puzzle_positions().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_transpose")
