"""ndarray methods (copy, transpose, reshape, max/min/all/any), + - * / of arrays, a.strides read after the graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    a = x.numpy()
    b = y.numpy()
    c = a.copy()
    t = b.transpose()
    p = a.transpose(1, 0)
    r = a.reshape(3, 2)
    q = a.reshape([a.size])
    s = (a + c) * c - a / (c + 1)
    m = a.max(axis=1), a.min(), (a > 0) if False else a.all(axis=0), a.any()
    return c, t, p, r, q, s, m, a.strides, torch.from_numpy(t + b.T)


opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(2, 3), torch.randn(3, 2).t())
print([tuple(getattr(o, "shape", ())) for o in outs[:6]], [tuple(v.shape) for v in outs[6]], outs[7], tuple(outs[8].shape))
