import numpy as np


def box_iou(boxes_a: np.ndarray, boxes_b: np.ndarray) -> np.ndarray:
    """Intersection over union of every pair of axis-aligned boxes, without a Python loop.

    boxes_a: (N, 4) float64, rows [x1, y1, x2, y2] with x1 < x2 and y1 < y2.
    boxes_b: (M, 4) float64, the same layout.
    Returns (N, M) float64: out[i, j] = area(a_i ∩ b_j) / area(a_i ∪ b_j), 0 when the boxes
    do not overlap (touching edges count as no overlap).
    """
    # TODO: broadcast the corners of a (as N x 1) against those of b (as 1 x M).
    raise NotImplementedError("write box_iou")
