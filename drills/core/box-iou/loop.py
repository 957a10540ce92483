import numpy as np
import torch


def box_iou(boxes_a: np.ndarray, boxes_b: np.ndarray) -> np.ndarray:
    """Intersection over union of every pair of axis-aligned boxes, one pair at a time.

    boxes_a: (N, 4) float64, rows [x1, y1, x2, y2] with x1 < x2 and y1 < y2.
    boxes_b: (M, 4) float64, the same layout.
    Returns (N, M) float64: out[i, j] = area(a_i ∩ b_j) / area(a_i ∪ b_j), 0 when the boxes
    do not overlap (touching edges count as no overlap).
    """
    n = boxes_a.shape[0]
    m = boxes_b.shape[0]
    out = np.zeros((n, m), dtype=np.float64)
    for i in range(n):
        ax1, ay1, ax2, ay2 = boxes_a[i]
        area_a = (ax2 - ax1) * (ay2 - ay1)
        for j in range(m):
            bx1, by1, bx2, by2 = boxes_b[j]
            area_b = (bx2 - bx1) * (by2 - by1)
            inter_w = min(ax2, bx2) - max(ax1, bx1)
            inter_h = min(ay2, by2) - max(ay1, by1)
            if inter_w <= 0 or inter_h <= 0:
                continue
            inter = inter_w * inter_h
            out[i, j] = inter / (area_a + area_b - inter)
    return out


def make_inputs(size: dict[str, int], gen: torch.Generator) -> dict[str, object]:
    """Valid boxes (x1 < x2, y1 < y2) in a 10 x 10 field, sized so that many pairs overlap and many do not."""

    def boxes(count: int) -> np.ndarray:
        corner = torch.rand(count, 2, generator=gen, dtype=torch.float64) * 8.0
        extent = torch.rand(count, 2, generator=gen, dtype=torch.float64) * 3.5 + 0.5
        return torch.cat([corner, corner + extent], dim=1).numpy()

    return {"boxes_a": boxes(size["N"]), "boxes_b": boxes(size["M"])}
