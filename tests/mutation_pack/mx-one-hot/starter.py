def mx_one_hot(labels, k):
    raise NotImplementedError("write mx_one_hot")
