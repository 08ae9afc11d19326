"""Elementwise ops on [n, 1] inputs whose size-1 dim has an arbitrary stride (as nonzero() gives): the output strides FakeTensor computes.

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f0(x):
    return x + 1, x * x, x.sin(), x.double(), x.t() + 1


def f1(x):
    return x + 1, x * 2.5, x.float()


print('f0', [tuple(o.stride()) for o in torch.compile(f0, backend="eager")(torch.randn(4).as_strided((2, 1), (1, 2)))])
print('f1', [tuple(o.stride()) for o in torch.compile(f1, backend="eager")(torch.tensor([0, 1, 1]).nonzero())])
