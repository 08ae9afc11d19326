# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: graph N node sym_float example value: dynamo sym N.N, core sym ToFloat(N)
# case seed: 83180338667032094 (dynrr-fuzz --case-seed 83180338667032094)
# reason: frame 0 (f) diverges: graph 0 node sym_float example value: dynamo sym 5.00000000000000, core sym ToFloat(5) graph 0 node sym_float example value: dynamo sym 5.00000000000000, core sym ToFloat(5) 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * float(x.shape[0])
    t1 = torch.ones(x.shape[0], 1) * z
    return t1


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
