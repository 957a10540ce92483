"""A before and an after for every rule, shown by `vecdrill lint --explain CODE`.

Each pair is small enough to read at a glance; tests/test_lint_rules.py lints every "before"
(it must raise its own rule) and every "after" (it must raise nothing).
"""

from __future__ import annotations

EXAMPLES = {
    "VD101": (
        """import numpy as np

def scale(x: np.ndarray) -> np.ndarray:
    out = np.empty_like(x)
    for i in range(len(x)):
        out[i] = np.sqrt(x[i]) * 2.0
    return out
""",
        """import numpy as np

def scale(x: np.ndarray) -> np.ndarray:
    return np.sqrt(x) * 2.0
""",
    ),
    "VD102": (
        """import torch

def pick(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    out = torch.zeros(logits.shape[0])
    for i in range(logits.shape[0]):
        out[i] = logits[i, targets[i]]
    return out
""",
        """import torch

def pick(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    return logits.gather(1, targets[:, None]).squeeze(1)
""",
    ),
    "VD103": (
        """import torch

def relu(x: torch.Tensor) -> torch.Tensor:
    out = torch.zeros_like(x)
    for i in range(x.shape[0]):
        if x[i] > 0:
            out[i] = x[i]
    return out
""",
        """import torch

def relu(x: torch.Tensor) -> torch.Tensor:
    return torch.where(x > 0, x, torch.zeros_like(x))
""",
    ),
    "VD104": (
        """import torch

def mask_padding(scores: torch.Tensor, lengths: torch.Tensor):
    out = scores.clone()
    for b in range(scores.shape[0]):
        out[b, lengths[b]:] = float("-inf")
    return out
""",
        """import torch

def mask_padding(scores: torch.Tensor, lengths: torch.Tensor):
    steps = torch.arange(scores.shape[1], device=scores.device)
    return scores.masked_fill(steps >= lengths[:, None], float("-inf"))
""",
    ),
    "VD105": (
        """import torch

def class_sums(values: torch.Tensor, labels: torch.Tensor, classes: int):
    out = torch.zeros(classes, values.shape[1])
    for i in range(values.shape[0]):
        out[labels[i]] += values[i]
    return out
""",
        """import torch

def class_sums(values: torch.Tensor, labels: torch.Tensor, classes: int):
    out = torch.zeros(classes, values.shape[1])
    return out.index_add_(0, labels, values)
""",
    ),
    "VD110": (
        """import torch

def count_large(x: torch.Tensor, limit: float) -> int:
    count = 0
    for i in range(len(x)):
        count += x[i].item() > limit
    return count
""",
        """import torch

def count_large(x: torch.Tensor, limit: float) -> int:
    return int((x > limit).sum())
""",
    ),
    "VD111": (
        """import torch

def best_columns(scores: torch.Tensor) -> list[int]:
    best = []
    for row in scores:
        best.append(int(row.cpu().argmax()))
    return best
""",
        """import torch

def best_columns(scores: torch.Tensor) -> list[int]:
    return scores.argmax(dim=1).tolist()
""",
    ),
    "VD112": (
        """import torch

def positives(x: torch.Tensor) -> int:
    count = 0
    for v in x:
        if v > 0:
            count += 1
    return count
""",
        """import torch

def positives(x: torch.Tensor) -> int:
    return int((x > 0).sum())
""",
    ),
    "VD120": (
        """import torch

def halves(x: torch.Tensor) -> torch.Tensor:
    pieces = []
    for v in x.tolist():
        pieces.append(torch.tensor([v / 2]))
    return torch.cat(pieces)
""",
        """import torch

def halves(x: torch.Tensor) -> torch.Tensor:
    return x / 2
""",
    ),
    "VD121": (
        """import torch

def unit_rows(x: torch.Tensor) -> torch.Tensor:
    out = x.new_empty(0, x.shape[1])
    for i in range(x.shape[0]):
        out = torch.cat([out, (x[i] / x[i].norm()).unsqueeze(0)])
    return out
""",
        """import torch

def unit_rows(x: torch.Tensor) -> torch.Tensor:
    return x / x.norm(dim=1, keepdim=True)
""",
    ),
    "VD122": (
        """import torch

def linear(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    rows = []
    for i in range(x.shape[0]):
        rows.append(x[i] @ w + b)
    return torch.stack(rows)
""",
        """import torch

def linear(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor):
    return x @ w + b
""",
    ),
    "VD130": (
        """import numpy as np

def clipped(x: np.ndarray) -> np.ndarray:
    return np.vectorize(lambda v: v if v < 1.0 else 1.0)(x)
""",
        """import numpy as np

def clipped(x: np.ndarray) -> np.ndarray:
    return np.minimum(x, 1.0)
""",
    ),
    "VD131": (
        """import numpy as np

def squares(x: np.ndarray) -> np.ndarray:
    return np.array([(v ** 2 + 1) / 2 for v in x])
""",
        """import numpy as np

def squares(x: np.ndarray) -> np.ndarray:
    return (x ** 2 + 1) / 2
""",
    ),
    "VD132": (
        """import torch

def total(x: torch.Tensor) -> torch.Tensor:
    return sum(x)
""",
        """import torch

def total(x: torch.Tensor) -> torch.Tensor:
    return x.sum(dim=0)
""",
    ),
    "VD140": (
        """import numpy as np

def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n, k = a.shape
    out = np.zeros((n, b.shape[1]))
    for i in range(n):
        for j in range(b.shape[1]):
            for p in range(k):
                out[i, j] += a[i, p] * b[p, j]
    return out
""",
        """import numpy as np

def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b
""",
    ),
    "VD141": (
        """import numpy as np

def distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.empty((a.shape[0], b.shape[0]))
    for i in range(a.shape[0]):
        for j in range(b.shape[0]):
            out[i, j] = np.sqrt(np.sum((a[i] - b[j]) ** 2))
    return out
""",
        """import numpy as np

def distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=-1))
""",
    ),
}
