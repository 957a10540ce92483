# expect: loop L003
# loop-over: T
# With loop_over, `for` and `while` pass (range, enumerate, zip, reversed may drive the for);
# a comprehension is still a loop.
import torch


def solve(x, h):
    outs = []
    for t in range(x.shape[1]):
        h = torch.tanh(x[:, t] + h)
        outs.append(h)
    for i, row in enumerate(reversed(outs)):
        h = h + row * i
    steps = 0
    while steps < 2:
        steps = steps + 1
    return torch.stack(outs + [h for _ in outs], 1)
