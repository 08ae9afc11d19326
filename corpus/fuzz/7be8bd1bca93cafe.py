# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   L['_'].size()[N] == L['_'].size()[N] and N <= L['_'].size()[N] and L['_'].s
# case seed: 6218378225948477035 (dynrr-fuzz --case-seed 6218378225948477035)
# reason: frame 1 (f) diverges: guard missing in core: SHAPE_ENV   L['z'].size()[0] == L['x'].size()[0] and 3 <= L['x'].size()[0] and L['x'].size()[0] <= 4 guard missing in core: SHAPE_ENV   L['z'].size()[0] == L['x'].size()[0] and 3 <= L['x'].size()[0] and L['x'].size()[0] <= 4 guard extra in core:   SHAPE_ENV   L['z'].size()[0] == L['x'].size()[0] and 2 <= L['x'].size()[0] and L['x'].size()[0] <= 4 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(0, x.shape[0], 2).float().sum()
    if x.shape[0] > 4:
        t1 = t0 * 2
    else:
        t1 = t0 + 1
    t2 = torch.mm(x, x.t()) @ z
    return t2


CALLS = 3
SIZES = (5, 3, 8)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.maybe_mark_dynamic(x, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
