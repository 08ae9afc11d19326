"""new_empty, new_full, new_ones, new_tensor, new_zeros and the random in-place normal_ and uniform_.

scope: part1
expect: 3 graphs, 0 breaks, 0 recompiles
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
    return x.new_full((2, 3), 1.5) + x.new_ones(2, 3) + x.new_zeros((2, 3)) + x.new_empty(2, 3).zero_()


def f1(x):
    return x.new_tensor([1.0, 2.0, 3.0]) * 2


def f2(x):
    a = torch.empty(3, 4)
    a.normal_()
    b = torch.empty(3, 4)
    b.uniform_(-1, 1)
    return (a + b).shape


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
