import torch


def puzzle_bincount(a: torch.Tensor, w: torch.Tensor, j: int) -> torch.Tensor:
    """Add every weight into the bin its index names, in one line.

    a: (N,) int64, bin numbers in [0, j) (a number outside adds nothing).
    w: (N,) float32, the weights (all ones: the plain count).
    j: the number of bins, a Python int.
    Returns (J,) float32 with out[k] = the sum of w[i] over the i with
    a[i] == k.

    Rules: one line of at most 70 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_bincount")
