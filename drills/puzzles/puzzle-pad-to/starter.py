import torch


def puzzle_pad_to(a: torch.Tensor, i: int, j: int) -> torch.Tensor:
    """Cut a to length j, or pad it with zeros up to j, in one line.

    a: (I,) float32.
    i: the length of a, a Python int; j: the length of the result.
    Returns (J,) float32 with out[k] = a[k] for k < min(i, j) and 0.0 after.

    Rules: one line of at most 80 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [].
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_pad_to")
