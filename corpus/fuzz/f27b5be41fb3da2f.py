# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: graphs: dynamo has N, core has N
# case seed: 12935391443908911628 (dynrr-fuzz --case-seed 12935391443908911628)
# reason: frame 0 (f) diverges: graphs: dynamo has 1, core has 0 graphs: dynamo has 1, core has 0 guard missing in core: SHAPE_ENV   2 <= L['x'].size()[0] guard extra in core:   SHAPE_ENV  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = len(x)
    return z


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
