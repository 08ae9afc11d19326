"""The operator module reached as a global of two polyfill modules: sum of a generator runs polyfills.builtins (functools.reduce, operator.add: MODULE_MATCH on its `operator`), then itertools.accumulate runs polyfills.itertools, whose `operator` is the same module (DUPLICATE_INPUT, operator.add guarded through the first source). Found by the breadth fuzz campaign (seed 2511, 12 cases).
scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import itertools
import torch
torch.manual_seed(0)
def fn(x, n):
    i = sum(j * j for j in range(n + 1)) % 7
    k = list(itertools.accumulate([n, n, 3]))[-1] % 7
    return x * i + k
opt = torch.compile(fn, backend="eager")
print(round(float(opt(torch.randn(3), 2).sum()), 4))
