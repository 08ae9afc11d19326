# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   N <= L['_'].size()[N] and -N <= L['_']
# case seed: 13023014346854076615 (dynrr-fuzz --case-seed 13023014346854076615)
# reason: frame 2 (f) diverges: guard missing in core: SHAPE_ENV   2 <= L['z'].size()[0] and -1 <= L['n'] guard missing in core: SHAPE_ENV   2 <= L['z'].size()[0] and -1 <= L['n'] guard missing in core: TENSOR_MATCH L['x']  dtype=torch.float32 device=cpu requires_grad=False size=[4, 4] stride=[4, 1] guard extra in core:   SHAPE_ENV   2 <= L['z'].size()[0] and -1 <= L['n'] and 4 <= L['x'].size()[0] and L['x'
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z.repeat(1, n + 1).sum(-1, keepdim=True)
    if x.shape[0] > 4:
        t1 = z * 2
    else:
        t1 = z + 1
    if x.shape[0] < 4 or x.shape[0] > 6:
        t2 = z + 0.5
    else:
        t2 = z * 4
    return t2


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
