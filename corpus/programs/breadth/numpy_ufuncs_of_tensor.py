"""numpy ufuncs on tensor.numpy(): unary and binary ufuncs, weak Python scalars, an ndarray brought back with torch.from_numpy.
scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def fn(x, y):
    a = x.numpy()
    b = y.numpy()
    c = np.sin(a) * 2 + np.cos(b)
    d = np.maximum(np.exp(-np.abs(a)), 0.25) - np.sqrt(np.square(b) + 1.0)
    e = np.add(c, d) / np.multiply(a, 3)
    f = np.tanh(np.subtract(e, 1)) + np.arctan2(a, b) + np.negative(np.floor(a))
    return torch.from_numpy(f) + x, np.true_divide(d, 2.0)
opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(3, 4), torch.randn(3, 4))
print(tuple(outs[0].shape), type(outs[1]).__name__, round(float(outs[0].sum()), 4))
