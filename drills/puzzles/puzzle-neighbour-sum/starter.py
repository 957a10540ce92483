import torch


def puzzle_neighbour_sum(x: torch.Tensor, w: int) -> torch.Tensor:
    """The sum of each element's neighbours within w positions, in one line.

    x: (N,) float32.
    w: the half-width of the window, a Python int >= 0.
    Returns (N,) float32 with out[i] = sum of x[j] for
    max(0, i - w) <= j <= min(N - 1, i + w).

    Rules: one line of at most 80 characters, using only torch.arange,
    torch.where, len, +, -, *, /, //, %, @, <, <=, ==, !=, >, >=, &, |, ~, [],
    and the earlier puzzles puzzle_positions(), puzzle_abs_diff_matrix().
    """
    # TODO: replace this with one line under the rules above.
    raise NotImplementedError("write puzzle_neighbour_sum")
