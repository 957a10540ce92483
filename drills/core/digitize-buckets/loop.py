import numpy as np
import torch


def digitize_buckets(values: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Bucket index of every value, found by walking along the sorted edges.

    values: (N,) float64, any values; some are exactly equal to an edge.
    edges: (E,) float64, strictly increasing bucket boundaries.
    Returns (N,) int64: out[i] = number of edges <= values[i]. So a value below edges[0] is in
    bucket 0, one with edges[b - 1] <= value < edges[b] is in bucket b, and one >= edges[-1] is in
    bucket E. A value equal to an edge goes to the bucket on the edge's right.
    """
    n = values.shape[0]
    num_edges = edges.shape[0]
    out = np.empty(n, dtype=np.int64)
    for i in range(n):
        bucket = 0
        while bucket < num_edges and values[i] >= edges[bucket]:
            bucket += 1
        out[i] = bucket
    return out


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """Sorted, distinct edges; values spread over and beyond them, a quarter of them copied from edges."""
    n, num_edges = size["N"], size["E"]
    steps = torch.rand(num_edges, generator=gen, dtype=torch.float64) + 0.1
    edges = torch.cumsum(steps, 0) - 0.3 * num_edges
    values = torch.randn(n, generator=gen, dtype=torch.float64) * (0.25 * num_edges + 1)
    if num_edges > 0:
        on_edge = torch.rand(n, generator=gen) < 0.25
        picks = torch.randint(0, num_edges, (n,), generator=gen)
        values = torch.where(on_edge, edges[picks], values)
    return {"values": values.numpy(), "edges": edges.numpy()}
