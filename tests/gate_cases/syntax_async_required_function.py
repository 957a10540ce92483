# expect: syntax S005
import torch


async def solve(x):
    return x * 2
