def rnn_steps(x, w):
    """TODO: loop over T only."""
    raise NotImplementedError("write rnn_steps")
