"""Tensor.data_ptr() / const_data_ptr() while tracing (DataPtrVariable: no graph node): == and != fold when both pointers come from one tensor (through detach()) with no in-place op between; pointers of two different tensors graph-break ("Data pointer comparison").

scope: part2
expect: 5 graphs, 1 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f0(x):
    same = x.data_ptr() == x.data_ptr()
    return x * 2 if same else x - 2


def f1(x):
    d = x.detach()
    p = x.const_data_ptr()
    q = d.data_ptr()
    return x + 1 if p != q else x * 3


def f2(x):
    y = x.relu()
    z = y
    return y.sin() if y.data_ptr() == z.detach().data_ptr() else y.cos()


def f3(x, w):
    y = x * 2
    if y.data_ptr() == w.data_ptr():
        return y
    return y + w


x = torch.randn(3, 4)
print('f0', torch.compile(f0, backend="eager")(x).sum().item() != 0)
print('f1', torch.compile(f1, backend="eager")(x).shape)
print('f2', torch.compile(f2, backend="eager")(x).shape)
print('f3', torch.compile(f3, backend="eager")(x, torch.ones(3, 4)).shape)
