"""np.concatenate and np.stack of lists of ndarrays, with axis, and ones_like / zeros_like.
scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def fn(x, y):
    a = x.numpy()
    b = y.numpy()
    c = np.concatenate([a, b])
    d = np.concatenate((a, b), axis=1)
    e = np.stack([a, b, a], axis=0)
    f = np.ones_like(a) + np.zeros_like(b)
    return torch.from_numpy(c), torch.from_numpy(d), torch.from_numpy(e), torch.from_numpy(f)
opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(2, 3), torch.randn(2, 3))
print([tuple(o.shape) for o in outs])
