# Source: written for vecdrill in its own words: the loops of research code that the drills
# teach, as a learner writes them before the drills (no annotations, arrays passed together).
import numpy as np
import torch


def compute_loss(pred, target):
    loss = 0
    for i in range(pred.shape[0]):  # expect: VD101
        loss += ((pred[i] - target[i]) ** 2).sum()
    return loss / pred.shape[0]


def normalize(x, mean, std):
    out = np.zeros_like(x)
    for c in range(x.shape[0]):  # expect: VD101
        out[c] = (x[c] - mean[c]) / std[c]
    return out


def confusion(preds: np.ndarray, labels: np.ndarray, classes: int) -> np.ndarray:
    counts = np.zeros((classes, classes), dtype=np.int64)
    for i in range(len(preds)):  # expect: VD105
        counts[labels[i], preds[i]] += 1
    return counts


def lengths_mask(lengths: torch.Tensor, steps: int) -> torch.Tensor:
    mask = torch.zeros(lengths.shape[0], steps, dtype=torch.bool)
    for b in range(lengths.shape[0]):  # expect: VD104
        mask[b, : lengths[b]] = True
    return mask


def distances(points):
    n = points.shape[0]
    out = torch.zeros(n, n)
    for i in range(n):  # expect: VD141
        for j in range(n):
            out[i, j] = ((points[i] - points[j]) ** 2).sum().sqrt()
    return out


def embed(table: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
    rows = []
    for i in range(ids.shape[0]):  # expect: VD102
        rows.append(table[ids[i]])
    return torch.stack(rows)


def predictions(model, loader):
    preds = []
    for batch in loader:
        preds.append(model(batch).argmax(1))
    return torch.cat(preds)  # a list joined once: nothing to report


def epochs(model, optimizer, data, n_epochs: int):
    for _ in range(n_epochs):  # a loop over epochs walks no tensor
        loss = model(data).mean()
        loss.backward()
        optimizer.step()
        print(loss.item())
