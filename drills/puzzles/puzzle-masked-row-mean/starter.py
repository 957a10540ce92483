import torch


def puzzle_masked_row_mean(x: torch.Tensor, m: torch.Tensor) -> torch.Tensor:
    """The mean of each row over its masked elements, in one line.

    x: (B, D) float32.
    m: (B, D) bool, True for the elements that count.
    Returns (B,) float32: the mean of x[i, j] over the j with m[i, j], or 0.0 if there are none.

    Rules: one line of at most 80 characters, using only torch.arange, torch.where, +, -, *, /,
    //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [], Tensor.sum.
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_masked_row_mean")
