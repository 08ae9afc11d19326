# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   L['_'].size()[N] == L['_'].size()[N] and L['_'].stride()[N] == L['_'].size(
# case seed: 10539848981562147598 (dynrr-fuzz --case-seed 10539848981562147598)
# reason: frame 0 (f) diverges: guard missing in core: SHAPE_ENV   L['x'].size()[0] == L['z'].size()[0] and L['x'].stride()[0] == L['x'].size()[1] and 3 <= L['z'].size()[0] and 2 <= L['x'].size()[1] guard missing in core: SHAPE_ENV   L['x'].size()[0] == L['z'].size()[0] and L['x'].stride()[0] == L['x'].size()[1] and 3 <= L['z'].size()[0] and 2 <= L['x'].size()[1] guard extra in core:   SHAPE_ENV   L['x'].si
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = z.shape[0]
    t1 = torch.arange(0, x.shape[0], 2).float().sum()
    return t1


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)
COMPILE_KW = {'dynamic': True}


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
