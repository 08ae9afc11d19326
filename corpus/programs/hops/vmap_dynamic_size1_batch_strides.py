"""vmap over dim 1 of a [s, 1] input under dynamic shapes (dynamic,hops fuzz case 71625356025554959): the physical sub runs FakeTensorMode's fast binary path (symbolic sizes, every operand contiguous: a contiguous output), so _remove_batch_dim's [1, s] result has strides (s, 1), not eager's (1, 1).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch


def f(z):
    a = torch.vmap(lambda c: c - c.sum(), in_dims=1)(z)
    b = torch.func.vmap(lambda r: r.cos() - r.mean(), in_dims=1, out_dims=1)(z)
    return a.movedim(0, 1), b


opt = torch.compile(f, backend="eager", dynamic=True)
for n in (4, 6):
    a, b = opt(torch.randn(n, 1))
    print(a.shape, a.stride(), b.shape, b.stride())
