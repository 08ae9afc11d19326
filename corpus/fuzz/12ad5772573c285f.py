# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard extra in core:   BUILTIN_MATCH G['_']['_']
# case seed: 13397135717172180712 (dynrr-fuzz --case-seed 13397135717172180712)
# reason: frame 0 (f) diverges: guard extra in core:   BUILTIN_MATCH G['__builtins_dict___N']['abs'] guard extra in core:   BUILTIN_MATCH G['__builtins_dict___N']['abs'] 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    i0 = min([n, n, 4], key=lambda v: abs(v - 3)) % 7
    t1 = torch.sin(y)
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
