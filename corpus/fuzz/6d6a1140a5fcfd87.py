# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   L['_'] == N
# case seed: 12466811704918902906 (dynrr-fuzz --case-seed 12466811704918902906)
# reason: frame 1 (f) diverges: guard missing in core: SHAPE_ENV   L['n'] == 1 guard missing in core: SHAPE_ENV   L['n'] == 1 guard extra in core:   SHAPE_ENV   L['n'] == 1 and L['n'] == 1 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x
    for j in range(n):
        t0 = t0 * 0.5 + j
    t1 = torch.sin(x) + x
    t2 = x
    for j in range(n):
        t2 = t2 * 0.5 + j
    return t2


CALLS = 3
SIZES = (4, 4, 4)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
