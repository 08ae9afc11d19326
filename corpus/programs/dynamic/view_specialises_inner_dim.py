"""A view of an all-dynamic [s0, s1] tensor into [s0, 2, 2]: infer_size checks
s0*s1 == 4*s0, which holds on the hints and makes s1 the constant 4 (the guard then
simplifies away and TENSOR_MATCH shows size=[None, 4]); the sizes the view sees are
specialised. reshape with the same shape does the same.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch


def split_last(x):
    return x.view(x.shape[0], 2, 2).sum(-1)


def regroup(x, y):
    return x.reshape(x.shape[0], 2, 2) * 2 + y


f = torch.compile(split_last, backend="eager", dynamic=True)
print(f(torch.randn(6, 4)).shape)
g = torch.compile(regroup, backend="eager", dynamic=True)
print(g(torch.randn(5, 4), torch.randn(2)).shape)
