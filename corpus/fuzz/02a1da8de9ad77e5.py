# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: graph N node sym_float example value: dynamo sym ToFloat(sN), core sym ToFloat(sN)
# case seed: 18212685932378790316 (dynrr-fuzz --case-seed 18212685932378790316)
# reason: frame 0 (f) diverges: graph 0 node sym_float example value: dynamo sym ToFloat(s68), core sym ToFloat(s77) graph 0 node sym_float example value: dynamo sym ToFloat(s68), core sym ToFloat(s77) 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = x.shape[0]
    if z.size(0) == x.shape[0]:
        t1 = x * 3
    else:
        t1 = x
    t2 = y * float(b0)
    return t2


CALLS = 3
SIZES = (3, 5, 7)
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
