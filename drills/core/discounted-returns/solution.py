import torch


def discounted_returns(rewards: torch.Tensor, gamma: float) -> torch.Tensor:
    """G = rewards @ M.T with M[t, s] = gamma ** (s - t) for s >= t and 0 below the diagonal."""
    T = rewards.shape[1]
    steps = torch.arange(T, device=rewards.device)
    lag = (steps[None, :] - steps[:, None]).to(rewards.dtype)  # lag[t, s] = s - t
    discount = torch.triu(gamma**lag)  # entries below the diagonal (negative lags) become 0
    return rewards @ discount.T
