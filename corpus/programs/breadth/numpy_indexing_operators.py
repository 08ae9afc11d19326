"""ndarray indexing by ints and slices (numpy_method_wrapper('__getitem__')), the @ and ** operators of ndarrays (numpy_operator_wrapper), and a negative-step slice (torch._numpy flips: named unsupported).
scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def f1(x, y):
    a = x.numpy()
    b = y.numpy()
    row = a[0]
    cell = a[1, 2]
    block = a[:, 1:3]
    strided = a[::2, 1]
    m = (a @ b) ** 2 + block.sum() + cell
    return torch.from_numpy(m), torch.from_numpy(row * 2), torch.from_numpy(strided)
def f2(x):
    a = x.numpy()
    return torch.from_numpy(a[::-1] + 1.0)
outs = torch.compile(f1, backend="eager")(torch.randn(3, 4), torch.randn(4, 2))
print([tuple(o.shape) for o in outs])
print(torch.compile(f2, backend="eager")(torch.randn(3)).shape)
