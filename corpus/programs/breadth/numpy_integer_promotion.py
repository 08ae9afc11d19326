"""numpy semantics the core does not model, named: a float ufunc of an int64 array (numpy gives float64), and a numpy function without a torch._numpy equivalent (Dynamo graph-breaks).
scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def f1(x):
    a = x.numpy()
    return torch.from_numpy(np.sin(a))
def f2(x):
    a = x.numpy()
    return np.nanmean(a)
print(torch.compile(f1, backend="eager")(torch.arange(6)).dtype)
try:
    print(type(torch.compile(f2, backend="eager")(torch.randn(3))).__name__)
except Exception as e:
    print(type(e).__name__)
