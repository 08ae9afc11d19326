"""numpy reductions with axis= and keepdims=: sum, mean, amax, amin, max, std, var, prod, argmax, argmin.
scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def fn(x):
    a = x.numpy()
    s = np.sum(a, axis=0) + np.mean(a, axis=0)
    m = np.amax(a, axis=1, keepdims=True) - np.amin(a, axis=1, keepdims=True)
    t = np.max(a) + np.min(a, axis=0) + np.std(a, axis=0) + np.var(a, 0) + np.prod(a, axis=0)
    i = np.argmax(a, axis=1)
    j = np.argmin(a)
    return torch.from_numpy(s * 2), torch.from_numpy(m), torch.from_numpy(t), torch.from_numpy(i), j
opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(4, 5))
print([tuple(o.shape) for o in outs[:4]], type(outs[4]).__name__)
