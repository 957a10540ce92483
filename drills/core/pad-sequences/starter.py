import torch


def pad_sequences(values: torch.Tensor, lengths: torch.Tensor, max_len: int):
    """Collate variable-length sequences into a padded batch and a mask without a Python loop.

    values: (T,) float32, all sequences concatenated in order: sequence 0, then sequence 1, ...
    lengths: (B,) int64, the length of each sequence, each in [0, max_len], summing to T.
    max_len: Python int L, the padded length.
    Returns a tuple (padded, mask):
      padded: (B, L) float32, row i holds sequence i followed by zeros;
      mask: (B, L) bool, True exactly at the positions that hold real values.
    """
    # TODO: build the mask by broadcasting, then fill the padded tensor through it.
    raise NotImplementedError("write pad_sequences")
