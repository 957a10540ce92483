import torch


def segment_ids_from_lengths(lengths: torch.Tensor) -> torch.Tensor:
    """Every segment index repeated by its own length; the output size is read from the data once."""
    segments = torch.arange(lengths.shape[0], device=lengths.device)
    return torch.repeat_interleave(segments, lengths)
