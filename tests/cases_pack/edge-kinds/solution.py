def edge_kinds(gauss, positive, signed, counts, idx, mask, p, c):
    total = gauss.sum() + positive.sum() + signed.float().sum() + counts.float().sum()
    return total + idx.float().sum() + mask.float().sum() + p.sum() + c
