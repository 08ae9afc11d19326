# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   L['_'].size()[N] <= L['_'].size()[N] and N <= L['_'].size()[N] and N <= L['_'
# case seed: 11634141784340805898 (dynrr-fuzz --case-seed 11634141784340805898)
# reason: frame 1 (f) diverges: guard missing in core: SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and 3 <= L['x'].size()[0] and 3 <= L['z'].size()[0] guard missing in core: SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and 3 <= L['x'].size()[0] and 3 <= L['z'].size()[0] guard extra in core:   SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and 2 <= L['x'].size()[0] and 2 <= L['z'].size()[0] 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(0, x.shape[0], 2).float().sum()
    t1 = z[:x.shape[0]]
    return t1


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
