"""weakref.ref(obj) made while tracing (WeakRefVariable: UserDefinedClassVariable of weakref.ref, guarded by CLASS_MATCH): calling the reference gives the object back, a module or a tensor.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import weakref

import torch

torch.manual_seed(0)


def f0(x, m):
    r = weakref.ref(m)
    return r()(x)


def f1(x):
    y = x * 2
    r = weakref.ref(y)
    return r() + 1


def f2(x, m):
    refs = [weakref.ref(m), weakref.ref(x)]
    mod = refs[0]()
    return mod(refs[1]()).relu()


x = torch.randn(2, 3)
m = torch.nn.Linear(3, 3)
print('f0', torch.compile(f0, backend="eager")(x, m).shape)
print('f1', torch.compile(f1, backend="eager")(x).shape)
print('f2', torch.compile(f2, backend="eager")(x, m).shape)
