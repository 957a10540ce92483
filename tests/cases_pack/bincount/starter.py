def bincount(a, d):
    """TODO."""
    raise NotImplementedError("write bincount")
