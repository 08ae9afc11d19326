# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   N <= L['_'].size()[N] and N <= L['_'].size()[N]
# case seed: 2130803796950983684 (dynrr-fuzz --case-seed 2130803796950983684)
# reason: frame 1 (f) diverges: guard missing in core: SHAPE_ENV   3 <= L['x'].size()[0] and 2 <= L['z'].size()[0] guard missing in core: SHAPE_ENV   3 <= L['x'].size()[0] and 2 <= L['z'].size()[0] guard extra in core:   SHAPE_ENV   2 <= L['x'].size()[0] and 2 <= L['z'].size()[0] 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(0, x.shape[0], 2).float().sum()
    t1 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t2 = z
    for j in range(n):
        t2 = t2 * 0.5 + j
    return t2


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
