def bincount_listed_only(a, d):
    """TODO."""
    raise NotImplementedError("write bincount_listed_only")
