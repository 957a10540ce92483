def edge_kinds(gauss, positive, signed, counts, idx, mask, p, c):
    """TODO."""
    raise NotImplementedError("write edge_kinds")
