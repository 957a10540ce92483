import torch


def chunked_distances(
    queries: torch.Tensor, keys: torch.Tensor
) -> torch.Tensor:
    """|q|^2 - 2 q.k + |k|^2: one (Q, K) matmul, no (Q, K, D) temporary."""
    qq = (queries * queries).sum(dim=1, keepdim=True)      # (Q, 1)
    kk = (keys * keys).sum(dim=1)                          # (K,)
    cross = queries @ keys.T                               # (Q, K)
    return (qq - 2 * cross + kk).clamp_min(0)
