# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   L['_'].size()[N] <= L['_'].size()[N] and (L['_'].size()[N] % N) == N and N 
# case seed: 12393378805363315066 (dynrr-fuzz --case-seed 12393378805363315066)
# reason: frame 1 (f) diverges: guard missing in core: SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and (L['x'].size()[0] % 2) == 0 and 2 <= L['x'].size()[0] and L['x'].size()[0] <= 4 and 2 <= L['z'].size()[0] guard missing in core: SHAPE_ENV   L['x'].size()[0] <= L['z'].size()[0] and (L['x'].size()[0] % 2) == 0 and 2 <= L['x'].size()[0] and L['x'].size()[0] <= 4 and 2 <= L['z'].size()[0] guard extra in
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z[:x.shape[0]]
    if x.shape[0] > 4:
        t1 = x * 2
    else:
        t1 = x + 1
    t2 = t1.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t3 = z[x.shape[0] - 1]
    if x.shape[0] % 2 == 0:
        t4 = t2 + 2
    else:
        t4 = t2 - 2
    return t4


CALLS = 3
SIZES = (6, 2, 4)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
