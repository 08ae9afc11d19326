# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   N <= L['_'].size()[N] and L['_'].size()[N] <= N and N <= L['_'].size()[N]
# case seed: 16153821661436558206 (dynrr-fuzz --case-seed 16153821661436558206)
# reason: frame 1 (f) diverges: guard missing in core: SHAPE_ENV   3 <= L['x'].size()[0] and L['x'].size()[0] <= 4 and 2 <= L['z'].size()[0] guard missing in core: SHAPE_ENV   3 <= L['x'].size()[0] and L['x'].size()[0] <= 4 and 2 <= L['z'].size()[0] guard extra in core:   SHAPE_ENV   2 <= L['x'].size()[0] and L['x'].size()[0] <= 4 and 2 <= L['z'].size()[0] 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] > 4:
        t0 = x * 2
    else:
        t0 = x + 1
    t1 = x * x.shape[0]
    t2 = torch.arange(0, x.shape[0], 2).float().sum()
    t3 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t4 = torch.relu(z).max(dim=0).values
    return t4


CALLS = 3
SIZES = (2, 3, 4)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
