# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   (((-N) + L['_'].size()[N] + ((N + L['_'].size()[N]) // N)) // ((N + L['_'].
# case seed: 10891479440479650680 (dynrr-fuzz --case-seed 10891479440479650680)
# reason: frame 1 (f) diverges: guard missing in core: SHAPE_ENV   (((-1) + L['x'].size()[0] + ((1 + L['x'].size()[0]) // 2)) // ((1 + L['x'].size()[0]) // 2)) == 2 and L['x'].size()[0] + (-1)*((1 + L['x'].size()[0]) // 2) >= 0 and 2 <= L['x'].size()[0] guard missing in core: SHAPE_ENV   (((-1) + L['x'].size()[0] + ((1 + L['x'].size()[0]) // 2)) // ((1 + L['x'].size()[0]) // 2)) == 2 and L['x'].size()[0] + 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.chunk(2)[0].sum(0)
    return t0


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
