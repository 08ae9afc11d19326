"""ndarray arguments: wrapped as NumpyTensorSource graph inputs (___from_numpy(L['a'])), numpy functions on them, ndarrays returned; float32 and float64 arrays, matmul / dot, a transposed view.
scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def f1(a, b):
    return np.add(a, 1.0) * np.multiply(b, 2)
def f2(a, b):
    return np.matmul(a, b).sum(axis=1), np.dot(a, b)
def f3(a, x):
    return torch.from_numpy(np.transpose(a) * 2.0) + x, np.reshape(a, (6,))
rs = np.random.RandomState(0)
a32 = rs.randn(2, 3).astype(np.float32)
b32 = rs.randn(2, 3).astype(np.float32)
a64 = rs.randn(2, 3)
b64 = rs.randn(3, 2)
for fn, args in ((f1, (a32, b32)), (f2, (a64, b64)), (f3, (a32.T.copy(), torch.randn(2, 3)))):
    out = torch.compile(fn, backend="eager")(*args)
    print(fn.__name__, [type(o).__name__ for o in (out if isinstance(out, tuple) else (out,))])
