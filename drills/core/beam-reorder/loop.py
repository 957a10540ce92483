import torch


def beam_reorder(state: torch.Tensor, parents: torch.Tensor) -> torch.Tensor:
    """Reorder beam-search state by each new beam's parent, one beam at
    a time.

    state: (B, W, H) float32, the hidden state of W beams for each of B
        sentences.
    parents: (B, W) int64 in [0, W): new beam w of sentence b continues
        old beam parents[b, w] (a parent may be chosen by several new
        beams, or by none).
    Returns (B, W, H) float32: out[b, w] = state[b, parents[b, w]].
    """
    B, W, H = state.shape
    out = torch.empty_like(state)
    for b in range(B):
        for w in range(W):
            out[b, w] = state[b, parents[b, w]]
    return out
