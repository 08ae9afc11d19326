# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: SHAPE_ENV   N <= L['_'].size()[N]
# case seed: 4060354183459458955 (dynrr-fuzz --case-seed 4060354183459458955)
# reason: frame 0 (f) diverges: guard missing in core: SHAPE_ENV   2 <= L['x'].size()[0] guard missing in core: SHAPE_ENV   2 <= L['x'].size()[0] guard missing in core: TYPE_MATCH L['x'] guard extra in core:   SHAPE_ENV  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(z) + y
    b1, _ = x.shape
    return t0


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
