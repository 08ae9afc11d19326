# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: BUILTIN_MATCH G['_']['_']
# case seed: 9240363923958258087 (dynrr-fuzz --case-seed 9240363923958258087)
# reason: frame 0 (f) diverges: guard missing in core: BUILTIN_MATCH G['__builtins_dict___N']['iter'] guard missing in core: BUILTIN_MATCH G['__builtins_dict___N']['iter'] guard missing in core: ID_MATCH G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins'].functools.reduce guard missing in core: MODULE_MATCH G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins'] guard missing in core: MODULE_MATCH
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    la = [n, 3, n, 1]
    la.sort(key=lambda v: -v)
    i0 = (sum(la) + len(la) + la[0]) % 7
    acc1 = x
    for j, v in zip([n, n], [x, x]):
        acc1 = acc1 + v * j
    i2 = sum(reversed(range(n))) % 7
    return acc1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
