# Source: short excerpts, shortened and with context added, from projects under the Apache
# License 2.0: transformers 5.24.0, diffusers 0.42.1, timm 1.0.31, kornia 0.9.0, torchmetrics
# 1.9.0 and monai 1.6.1 (each excerpt names its file). Judged by hand for
# benchmarks/lint_precision.md: `# expect:` a true positive, `# not:` a false positive once reported.
import collections

import numpy as np
import torch
from scipy import interpolate
from scipy.optimize import linear_sum_assignment


# transformers/models/cohere_asr/feature_extraction_cohere_asr.py: a sync per batch row.
def dither(waveform: torch.Tensor, audio_lengths: torch.Tensor, dither: float) -> torch.Tensor:
    for i in range(waveform.shape[0]):
        valid_samples = min(int(audio_lengths[i].item()), waveform.shape[1])  # expect: VD110
        if valid_samples <= 0:
            continue
        waveform[i, :valid_samples] += dither * torch.randn(valid_samples)
    return waveform


# transformers/loss/loss_deimv2.py: pairs read one element at a time into a dict.
def first_match(unique_sorted: torch.Tensor) -> dict[int, int]:
    column_to_row = {}
    for idx_pair in unique_sorted:
        row_idx, col_idx = idx_pair[0].item(), idx_pair[1].item()  # expect: VD110
        if row_idx not in column_to_row:
            column_to_row[row_idx] = col_idx
    return column_to_row


# transformers/models/glm_image/modeling_glm_image.py: Python's sum over a tensor.
def grids_match(images_per_sample: torch.LongTensor, image_grid_thw: torch.Tensor) -> bool:
    return sum(images_per_sample) == len(image_grid_thw)  # expect: VD132


# transformers/models/idefics/processing_idefics.py: `if` on each token of a sequence.
def image_attention(input_ids: torch.Tensor, image_token_id: int, eod_token_id: int) -> torch.Tensor:
    mask = torch.zeros_like(input_ids)
    for batch_idx in range(input_ids.size(0)):
        count = -1
        for idx, token_id in enumerate(input_ids[batch_idx]):
            if token_id == image_token_id:  # expect: VD112
                count += 1
                mask[batch_idx][idx] = count
            if token_id == eod_token_id:  # expect: VD112
                count = -1
    return mask


# transformers/models/reformer/modeling_reformer.py: one index_select per row, then cat.
def select_positions(position_encodings: torch.Tensor, position_ids: torch.Tensor) -> torch.Tensor:
    return torch.cat(
        [  # expect: VD131
            torch.index_select(position_encodings[i], 0, position_ids[i]).unsqueeze(0)
            for i in range(position_ids.shape[0])
        ],
        dim=0,
    )


# diffusers/models/autoencoders/autoencoder_kl_wan.py: frames decoded and grown by cat.
def decode_frames(decoder, x: torch.Tensor) -> torch.Tensor:
    out = decoder(x[:, :, 0:1])
    for i in range(1, x.shape[2]):
        out_ = decoder(x[:, :, i : i + 1])
        out = torch.cat([out, out_], 2)  # expect: VD121
    return out


# diffusers/pipelines/ltx/pipeline_ltx_latent_upsample.py: a normalisation per (sample, channel).
def adain(latents: torch.Tensor, reference_latents: torch.Tensor) -> torch.Tensor:
    result = latents.clone()
    for i in range(latents.size(0)):  # expect: VD101
        for c in range(latents.size(1)):
            r_sd, r_mean = torch.std_mean(reference_latents[i, c], dim=None)
            i_sd, i_mean = torch.std_mean(result[i, c], dim=None)
            result[i, c] = ((result[i, c] - i_mean) / i_sd) * r_sd + r_mean
    return result


# diffusers/pipelines/marigold/pipeline_marigold_depth.py: a sync for every pair.
def pair_cost(align, depth: torch.Tensor, param: np.ndarray, ensemble_size: int) -> float:
    cost = 0.0
    depth_aligned = align(depth, param)
    for i, j in torch.combinations(torch.arange(ensemble_size)):
        diff = depth_aligned[i] - depth_aligned[j]
        cost += (diff**2).mean().sqrt().item()  # expect: VD110
    return cost


# diffusers/modular_pipelines/cosmos/before_denoise.py: indexes read one by one.
def pack_indexes(vision_condition_mask: torch.Tensor) -> list[int]:
    indexes = torch.nonzero(vision_condition_mask[:, 0, 0] > 0, as_tuple=False).flatten()
    return [int(idx.item()) for idx in indexes]  # expect: VD110


# timm/models/naflexvit.py: grid sizes read element by element.
def grid_sizes(_coord: torch.Tensor) -> list[tuple[int, int]]:
    max_y = _coord[:, :, 0].amax(dim=1) + 1
    max_x = _coord[:, :, 1].amax(dim=1) + 1
    return [(int(h.item()), int(w.item())) for h, w in zip(max_y, max_x)]  # expect: VD110


# kornia/augmentation/_2d/mix/base.py: Python's sum over a batch of flags.
def applies_to_all(batch_prob: torch.Tensor) -> bool:
    to_apply = torch.atleast_1d(batch_prob > 0.5)
    return sum(to_apply) == len(to_apply)  # expect: VD132


# kornia/feature/aliked/aliked.py: a border cleared per image with a sync per bound.
def clear_borders(is_max: torch.Tensor, image_size: torch.Tensor, radius: int) -> torch.Tensor:
    for i in range(is_max.shape[0]):
        iw, ih = image_size[i].long()
        is_max[i, :, ih.item() - radius :, :] = False  # expect: VD110
        is_max[i, :, :, iw.item() - radius :] = False  # expect: VD110
    return is_max


# kornia/geometry/boxes.py: a tensor turned into ints one element at a time.
def counts(selected: torch.Tensor) -> list[int]:
    return [int(n) for n in selected]  # expect: VD112


# torchmetrics/functional/classification/matthews_corrcoef.py
def covariance(tk: torch.Tensor, pk: torch.Tensor, c: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
    return c * s - sum(tk * pk)  # expect: VD132


# torchmetrics/functional/regression/kendall.py: each row reordered by its own permutation.
def reorder(y: torch.Tensor, perm: torch.Tensor) -> torch.Tensor:
    for i in range(y.shape[0]):  # expect: VD102
        y[i] = y[i][perm[i]]
    return y


# torchmetrics/functional/audio/pit.py: one index_select per sample, stacked.
def permutate(preds: torch.Tensor, perm: torch.Tensor) -> torch.Tensor:
    return torch.stack([torch.index_select(pred, 0, p) for pred, p in zip(preds, perm)])  # expect: VD131


# monai/metrics/generalized_dice.py: a sync per sample in a loop over the batch.
def replace_infinite(w: torch.Tensor) -> torch.Tensor:
    for b_idx in range(w.shape[0]):
        batch_w = w[b_idx]
        infs = torch.isinf(batch_w)
        if infs.any():  # expect: VD112
            batch_w.masked_fill_(infs, 0)
    return w


# monai/networks/nets/vista3d.py: an element-wise write with a branch, in nested loops.
def shift_labels(point_label: torch.Tensor, label_set: list[int], special_index: set[int]) -> torch.Tensor:
    for i in range(len(point_label)):
        for j in range(len(point_label[i])):  # expect: VD103
            point_label[i, j] = point_label[i, j] + 2 if point_label[i, j] > -1 else point_label[i, j]  # expect: VD112
    return point_label


# monai/networks/layers/filtering.py: each channel divided by its own sigma.
def scale_features(features: torch.Tensor, sigmas=None) -> torch.Tensor:
    scaled_features = features
    if sigmas is not None:
        for i in range(features.size(1)):  # expect: VD101
            scaled_features[:, i, ...] /= sigmas[i]
    return scaled_features


# False positives once reported, judged and fixed.


# diffusers/models/transformers/transformer_ltx2.py: three positions of a local tuple.
def rope_grid(coords: torch.Tensor, base_num_frames: int, base_height: int, base_width: int) -> torch.Tensor:
    max_positions = (base_num_frames, base_height, base_width)
    num_pos_dims = coords.shape[1]
    return torch.stack([coords[:, i] / max_positions[i] for i in range(num_pos_dims)], dim=-1)  # not: VD131


# transformers/models/lightglue/modeling_lightglue.py: ragged index lists, one per image.
def prune_counts(prune_output: torch.Tensor, keypoints_mask: torch.Tensor, indices: torch.Tensor) -> torch.Tensor:
    pruned_indices = [t[mask] for t, mask in zip(indices, keypoints_mask)]
    for i in range(prune_output.shape[0]):  # not: VD101
        prune_output[i, pruned_indices[i]] += 1
    return prune_output


# timm/layers/drop.py: a schedule made on the spot, read once at model construction.
def drop_rates(drop_path_rate: float, depth: int) -> list[float]:
    return [x.item() for x in torch.linspace(0, drop_path_rate, depth)]  # not: VD110, VD131


# timm/layers/pos_embed_rel.py: each head copied for scipy, the work is scipy's.
def resize_heads(rel_pos_bias: torch.Tensor, x, y, dx, dy) -> list[torch.Tensor]:
    out = []
    for i in range(rel_pos_bias.shape[0]):
        z = rel_pos_bias[i, :, :].float().cpu()  # not: VD111
        f = interpolate.interp2d(x, y, z.numpy(), kind="cubic")  # not: VD111
        out.append(torch.Tensor(f(dx, dy)))
    return out


# kornia/feature/lightglue.py: `map_` of the project's own class, no Tensor.map_.
class CrossBlock:
    def forward(self, x0: torch.Tensor, x1: torch.Tensor):
        qk0, qk1 = self.map_(self.to_qk, x0, x1)  # not: VD130
        return qk0, qk1


# kornia/contrib/object_detection.py: the loop's element rebound to a Python list.
def results(detections: torch.Tensor) -> list[int]:
    out = []
    for det in detections:
        det = det.squeeze().tolist()
        out.append(int(det[0]))  # not: VD112
    return out


# kornia/geometry/subpix/spatial_soft_argmax.py: *entries is a tuple of tensors.
def exponent(*entries: torch.Tensor) -> torch.Tensor:
    return torch.stack([t.abs() for t in entries]).amax(0)  # not: VD131


# timm/data/loader.py: samples copied from a Python list into a batch.
def collate(batch: list, batch_size: int) -> torch.Tensor:
    tensor = torch.zeros((batch_size, 3), dtype=torch.uint8)
    for i in range(batch_size):  # not: VD101
        tensor[i].copy_(batch[i][0])
    return tensor


# torchmetrics/classification/group_fairness.py: a dict of named results, by design.
def rates(results: torch.Tensor) -> dict[str, torch.Tensor]:
    return {f"group_{i}": group / group.sum() for i, group in enumerate(results)}  # not: VD131


# torchmetrics/detection/helpers.py: one value per class after a COCO evaluation of that class.
def per_class(coco_eval, classes: list[int]) -> torch.Tensor:
    values = []
    for _class_id in classes:
        coco_eval.evaluate()
        values.append(torch.tensor([coco_eval.stats[0]]))  # not: VD120
    return torch.cat(values)


# torchmetrics/functional/audio/srmr.py: a numpy result per sample, not a scalar.
def envelopes(preds: torch.Tensor, fft_gtgram) -> torch.Tensor:
    preds_np = preds.detach().cpu().numpy()
    temp = []
    for b in range(preds_np.shape[0]):
        gt_env_b = fft_gtgram(preds_np[b])
        temp.append(torch.tensor(gt_env_b))  # not: VD120
    return torch.stack(temp)


# torchmetrics/functional/clustering/calinski_harabasz_score.py: clusters selected by a mask.
def dispersion(data: torch.Tensor, labels: torch.Tensor, num_labels: int) -> torch.Tensor:
    total = torch.tensor(0.0)
    for k in range(num_labels):  # not: VD101
        cluster_k = data[labels == k, :]
        total += cluster_k.var()
    return total


# monai/data/itk_torch_bridge.py: three spacings of an image, not data.
def spacing_matrix(image) -> torch.Tensor:
    spacing = np.asarray(image.GetSpacing(), dtype=np.float64)
    matrix = torch.eye(4, dtype=torch.float64)
    for i, e in enumerate(spacing):  # not: VD101
        matrix[i, i] = e
    return matrix


# monai/transforms/utils.py: a few spatial dimensions.
def valid_range(spatial_size, label_spatial_shape) -> np.ndarray:
    valid_start = np.floor_divide(spatial_size, 2)
    valid_end = np.subtract(label_spatial_shape, spatial_size)
    for i, valid_s in enumerate(valid_start):  # not: VD103
        if valid_s == valid_end[i]:
            valid_end[i] += 1
    return valid_end


# transformers/models/eomt/modeling_eomt.py: each cost matrix handed to scipy.
def match(cost_matrices: torch.Tensor) -> list:
    indices = []
    for i in range(cost_matrices.shape[0]):
        indices.append(linear_sum_assignment(cost_matrices[i].cpu()))  # not: VD111
    return indices


# transformers/models/detr/image_processing_detr.py: each segment checked by the project's code.
def compute_segments(pred_labels: torch.Tensor, mask_labels: torch.Tensor, check_segment_validity) -> list:
    segments = []
    for k in range(pred_labels.shape[0]):
        pred_class = pred_labels[k].item()  # not: VD110
        mask_exists, mask_k = check_segment_validity(mask_labels, k)
        segments.append({"label_id": pred_class, "exists": mask_exists})
    return segments


# transformers/models/sam3_video/modeling_sam3_video.py: every step selects by a mask anyway.
def associate(ious: torch.Tensor, trk_obj_ids: torch.Tensor, high_conf: torch.Tensor) -> dict:
    matched = {}
    for det_idx in range(ious.size(0)):
        matched_trk_mask = ious[det_idx] >= 0.5
        matched[det_idx] = trk_obj_ids[matched_trk_mask].tolist()  # not: VD111
        if high_conf[det_idx].item():  # not: VD110
            matched[det_idx].append(-1)
    return matched


# transformers/models/sam/processing_sam.py: a tensor parameter rebound to a list.
def same_shapes(input_points, original_sizes) -> bool:
    assert input_points.shape
    input_points = [point / size for point, size in zip(input_points, original_sizes)]
    return all(point.shape == input_points[0].shape for point in input_points)  # not: VD131


# transformers/models/sam3/processing_sam3.py: `is None` asks Python, not the tensor.
def nesting(input_list: torch.Tensor) -> int:
    for item in input_list:
        if item is not None:  # not: VD112
            return 1
    return 0


# diffusers/pipelines/flux2/pipeline_flux2.py: position ids built per sample from index grids.
def latent_ids(x: torch.Tensor, t_coord: torch.Tensor) -> torch.Tensor:
    B, L, _ = x.shape
    out_ids = []
    for i in range(B):  # not: VD122
        t = t_coord[i]
        out_ids.append(torch.cartesian_prod(t, torch.arange(1), torch.arange(L)))
    return torch.stack(out_ids)


# diffusers/pipelines/deprecated/stable_diffusion_diffedit: a random shift made on the host.
def regularize(hidden_states: torch.Tensor, generator) -> torch.Tensor:
    reg_loss = torch.tensor(0.0)
    for j in range(hidden_states.shape[1]):
        noise = hidden_states[0:1, j : j + 1]
        roll_amount = torch.randint(noise.shape[2] // 2, (1,), generator=generator).item()  # not: VD110
        reg_loss += (noise * torch.roll(noise, shifts=roll_amount, dims=2)).mean() ** 2
    return reg_loss


# diffusers/modular_pipelines/minimax_h3/before_encoder.py: a list, as the isinstance test says.
def to_frames(frames: torch.Tensor) -> np.ndarray:
    if isinstance(frames, list):
        frames = np.stack([np.asarray(frame.convert("RGB")) for frame in frames])  # not: VD131
    return frames


# transformers/generation/watermarking.py: each row hashed by the project's Counter code.
def score(ngram_tensors: torch.Tensor) -> list:
    tables = []
    for batch_idx in range(ngram_tensors.shape[0]):
        table = collections.Counter(tuple(ngram) for ngram in ngram_tensors[batch_idx].tolist())  # not: VD111
        tables.append(table)
    return tables
