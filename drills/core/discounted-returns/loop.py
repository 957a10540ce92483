import torch


def discounted_returns(rewards: torch.Tensor, gamma: float) -> torch.Tensor:
    """Discounted returns, walking each episode backwards one step at a time.

    rewards: (B, T) float32, the reward of episode b at step t.
    gamma: Python float in (0, 1], the discount factor (0.99 in this drill).
    Returns (B, T) float32 with G[b, t] = rewards[b, t] + gamma * G[b, t + 1] and G[b, T] = 0,
    that is G[b, t] = sum over s >= t of gamma ** (s - t) * rewards[b, s].
    """
    B, T = rewards.shape
    out = torch.empty(B, T, dtype=rewards.dtype, device=rewards.device)
    for b in range(B):
        ret = torch.zeros((), dtype=rewards.dtype, device=rewards.device)
        for t in reversed(range(T)):
            ret = rewards[b, t] + gamma * ret
            out[b, t] = ret
    return out
