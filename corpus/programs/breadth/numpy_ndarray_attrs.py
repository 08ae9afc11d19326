"""tensor.numpy() as an ndarray: its constant attributes, T/real/imag, torch.from_numpy, ndarrays returned.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    a = x.numpy()
    b = torch.from_numpy(a)
    n = a.size + a.ndim + a.itemsize + a.shape[0]
    t = y.numpy().T
    return b * n, a.T, a.real, a.imag, torch.from_numpy(t) + 1, a


opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(2, 3), torch.randn(4, 3).t())
print([type(o).__name__ for o in outs], [tuple(o.shape) for o in outs], round(float(outs[0].sum()), 4))
