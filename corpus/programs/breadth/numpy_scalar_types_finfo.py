"""numpy scalar types called on Python numbers (wrapped_float32: a 0-d array, as strongly typed as any array: float32 times a 0-d float64 is float64), np.finfo / np.iinfo attributes as constants (NumpyTypeInfoVariable), np.pi; CLASS_MATCH on each numpy class reached. f3 mixes an int64 0-d array into float arithmetic (numpy's int-float promotion: named unsupported).
scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def f1(x):
    eps = np.finfo(np.float32).eps
    big = np.iinfo(np.int32).max
    return x * eps + (big % 7) + np.pi + np.finfo(np.float64).tiny * 0 + np.iinfo(np.int8).bits
def f2(a):
    return np.add(a, np.float32(2.0)) * np.float64(0.5), np.finfo(np.float16).resolution
def f3(a):
    return np.multiply(a, 2.0) + np.int64(3)
print(torch.compile(f1, backend="eager")(torch.randn(3)).shape)
out = torch.compile(f2, backend="eager")(np.ones((2, 3), dtype=np.float32))
print(type(out[0]).__name__, out[0].dtype, out[1])
print(torch.compile(f3, backend="eager")(np.ones((2, 3), dtype=np.float32)).dtype)
