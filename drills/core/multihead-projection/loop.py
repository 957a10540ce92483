import torch


def multihead_projection(x: torch.Tensor, W: torch.Tensor) -> torch.Tensor:
    """Project every head of every sample by its own matrix, one (sample, head) pair at a time.

    x: (B, T, H*D) float32, the features of T positions; columns h*D to (h+1)*D are head h.
       It may be a view: here it is the middle third of a fused (B, T, 3*H*D) projection.
    W: (H, D, D) float32, one (D, D) matrix per head.
    Returns (B, T, H*D) float32 with out[b, :, h*D:(h+1)*D] = x[b, :, h*D:(h+1)*D] @ W[h].
    """
    batch, positions, width = x.shape
    heads, d, _ = W.shape
    out = torch.empty(batch, positions, width, dtype=x.dtype, device=x.device)
    for b in range(batch):
        for h in range(heads):
            out[b, :, h * d : (h + 1) * d] = x[b, :, h * d : (h + 1) * d] @ W[h]
    return out


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """x as the middle third of a fused (B, T, 3*H*D) tensor, a strided view, as after a fused
    query-key-value projection; its width is H * D."""
    width = size["H"] * size["D"]
    fused = torch.randn(size["B"], size["T"], 3 * width, generator=gen)
    return {"x": fused[:, :, width : 2 * width]}
