# Source: short excerpts, shortened and with context added, from torchvision 0.29.1 and
# scikit-image 0.26.0 (BSD 3-Clause), torchaudio 2.11.1 (BSD 2-Clause) and torch_geometric 2.8.1
# (MIT); each excerpt names its file. Judged by hand for benchmarks/lint_precision.md:
# `# expect:` a true positive, `# not:` a false positive once reported.
import numpy as np
import torch
from torch import Tensor


# torchvision/models/detection/roi_heads.py: pasted masks grown by cat, one per step.
def paste_masks(masks, boxes, im_h, im_w, paste_one):
    res_append = torch.zeros(0, im_h, im_w)
    for i in range(masks.size(0)):
        mask_res = paste_one(masks[i][0], boxes[i], im_h, im_w)
        mask_res = mask_res.unsqueeze(0)
        res_append = torch.cat((res_append, mask_res))  # expect: VD121
    return res_append


# torchaudio/functional/filtering.py: each channel shifted by one sample, one channel per step.
def noise_shaping(dithered_waveform: Tensor, waveform: Tensor) -> Tensor:
    error = dithered_waveform - waveform
    zeros = torch.zeros(1, dtype=error.dtype, device=error.device)
    for index in range(error.size()[0]):  # expect: VD101
        err = error[index]
        error_offset = torch.cat((zeros, err))
        error[index] = error_offset[: waveform.size()[1]]
    return dithered_waveform + error


# torchaudio/models/decoder/_ctc_decoder.py: an `if` on every token id.
def timesteps(idxs: Tensor, blank: int) -> list[int]:
    steps = []
    for i, idx in enumerate(idxs):
        if idx == blank:  # expect: VD112
            continue
        steps.append(i)
    return steps


# torchaudio/models/wav2vec2/components.py: Python's sum, min and sorted over a tensor.
def spans(lengths: Tensor, mask_length: int) -> list[int]:
    lengths = torch.round(lengths).int()
    if sum(lengths) == 0:  # expect: VD132
        lengths[0] = mask_length
    smallest = min(lengths)  # expect: VD132
    return [int(length) + int(smallest) for length in sorted(lengths, reverse=True)]  # expect: VD132


# skimage/measure/profile.py: one linspace per row, then stacked.
def perpendicular_rows(line_row: np.ndarray, row_width: float, linewidth: int) -> np.ndarray:
    return np.stack(
        [np.linspace(row_i - row_width, row_i + row_width, linewidth) for row_i in line_row]  # expect: VD131
    )


# skimage/exposure/_adapthist.py: np.bincount once per block (VD130 is off by default).
def histograms(hist_blocks: np.ndarray, nbins: int) -> np.ndarray:
    return np.apply_along_axis(np.bincount, -1, hist_blocks, minlength=nbins)  # expect: VD130


# torch_geometric/llm/models/glem.py: Python's sum over a mask.
def any_augmented(is_gold: Tensor) -> bool:
    return sum(~is_gold) > 0  # expect: VD132


# torch_geometric/loader/ibmb_loader.py: a host copy per column.
def top_neighbors(inds: Tensor, nonzeros: Tensor, new_logits: Tensor) -> list:
    topk_neighbors = []
    for i in range(new_logits.shape[1]):
        topk_neighbors.append(inds[-nonzeros[i]:, i].cpu().numpy())  # expect: VD111
    return topk_neighbors


# False positives once reported, judged and fixed.


# torchvision/transforms/v2/functional/_misc.py: `std` is a list; the body makes a tensor of it.
def normalize_image(image: torch.Tensor, mean: list[float], std: list[float]) -> torch.Tensor:
    if isinstance(std, (tuple, list)):
        divzero = not all(std)  # not: VD132
    else:
        divzero = False
    if divzero:
        raise ValueError("std evaluated to zero, leading to division by zero.")
    std = torch.as_tensor(std, dtype=image.dtype)
    return image.sub(torch.as_tensor(mean)).div_(std.view(-1, 1, 1))
