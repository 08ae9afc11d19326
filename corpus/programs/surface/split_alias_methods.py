"""The split family's other spellings: split_with_sizes, unsafe_split, unsafe_split_with_sizes, unsafe_chunk.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    a, b = x.split_with_sizes([1, 3], dim=1)
    c, d = x.unsafe_split(2, dim=1)
    e, g = x.unsafe_split_with_sizes([2, 1], 0)
    h = x.unsafe_chunk(2)
    return a.sum() + b.sum() + c.sum() + d.sum() + e.sum() + g.sum() + h[0].sum()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
