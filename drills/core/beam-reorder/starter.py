import torch


def beam_reorder(state: torch.Tensor, parents: torch.Tensor) -> torch.Tensor:
    """Reorder beam-search state by each new beam's parent, without
    a Python loop.

    state: (B, W, H) float32, the hidden state of W beams for each of B
        sentences.
    parents: (B, W) int64 in [0, W): new beam w of sentence b continues
        old beam parents[b, w] (a parent may be chosen by several new
        beams, or by none).
    Returns (B, W, H) float32: out[b, w] = state[b, parents[b, w]].
    """
    # TODO: pick whole H-vectors along the beam axis, with a different
    # index for every sentence.
    raise NotImplementedError("write beam_reorder")
