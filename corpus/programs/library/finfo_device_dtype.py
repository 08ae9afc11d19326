"""torch.finfo / torch.iinfo folded to constants (the attention-mask idiom
`torch.finfo(dtype).min`), torch.device built in the frame, and dtype / device attributes.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(scores, mask):
    neg = torch.finfo(scores.dtype).min
    masked = scores.masked_fill(mask, neg)
    dev = torch.device("cpu")
    bias = torch.ones(scores.shape[-1], device=dev)
    width = torch.iinfo(torch.int16).bits + scores.dtype.itemsize
    if scores.device.type == "cpu" and scores.dtype.is_floating_point:
        bias = bias * 2
    return masked.softmax(-1) + bias * width


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 4), torch.tensor([[False, True, False, False], [True, False, False, True]]))
print(tuple(out.shape), round(out.sum().item(), 4))
