import torch


def discounted_returns(rewards: torch.Tensor, gamma: float) -> torch.Tensor:
    """Discounted returns, without a Python loop.

    rewards: (B, T) float32, the reward of episode b at step t.
    gamma: Python float in (0, 1], the discount factor (0.99 in this drill).
    Returns (B, T) float32 with G[b, t] = rewards[b, t] + gamma * G[b, t + 1] and G[b, T] = 0,
    that is G[b, t] = sum over s >= t of gamma ** (s - t) * rewards[b, s].
    """
    # TODO: build a (T, T) matrix of discount powers, or scale a reversed cumsum, and apply it to every row.
    raise NotImplementedError("write discounted_returns")
