import torch


def embedding_bag_mean(weight: torch.Tensor, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
    """Label each position with its bag, sum the looked-up rows per bag with index_add, divide by sizes."""
    total, bags = indices.shape[0], offsets.shape[0]
    sizes = torch.diff(offsets, append=offsets.new_full((1,), total))  # (B,), may be 0
    bag_ids = torch.arange(bags, device=offsets.device)
    bag = torch.repeat_interleave(bag_ids, sizes, output_size=total)  # (T,) bag of each id
    zeros = torch.zeros(bags, weight.shape[1], dtype=weight.dtype, device=weight.device)
    sums = zeros.index_add(0, bag, weight.index_select(0, indices))
    return sums / sizes.clamp(min=1).unsqueeze(1).to(weight.dtype)
