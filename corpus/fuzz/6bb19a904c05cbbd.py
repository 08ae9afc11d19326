# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   L['_'].size()[N] <= L['_'].size()[N] and N <= L['_'].size()[N] and L['_'].s
# case seed: 1370471766611132700 (dynrr-fuzz --case-seed 1370471766611132700)
# reason: frame 0 (f) diverges: guard missing in core: SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and 2 <= L['x'].size()[0] and L['x'].size()[0] <= 4 and 2 <= L['z'].size()[0] guard missing in core: SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and 2 <= L['x'].size()[0] and L['x'].size()[0] <= 4 and 2 <= L['z'].size()[0] guard extra in core:   SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and (-
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z[:x.shape[0]]
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    t2 = z[x.shape[0] - 1]
    if x.shape[0] >= 5:
        t3 = t0 - 1
    else:
        t3 = t0 * 0.5
    return t3


CALLS = 3
SIZES = (2, 6, 3)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(z, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
