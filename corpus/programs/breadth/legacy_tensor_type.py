"""Tensor.type with a legacy tensor class, a dtype from torch.get_autocast_gpu_dtype(), and a str.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b):
    half = a.type(torch.HalfTensor)
    name = half.type()
    dtype = torch.get_autocast_gpu_dtype()
    c = b.type(dtype)
    d = b.type(torch.DoubleTensor)
    e = a.type("torch.IntTensor")
    return b.type(name), c, d * 2, e + 1, name


opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(2, 3), torch.randn(3, 2).t())
print([tuple(o.shape) for o in outs[:4]], [o.dtype for o in outs[:4]], [o.stride() for o in outs[:4]], outs[4])
