# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: graph N node l_n_ example value: dynamo sym N, core sym sN
# case seed: 14271851607906662500 (dynrr-fuzz --case-seed 14271851607906662500)
# reason: frame 1 (f) diverges: graph 0 node l_n_ example value: dynamo sym 1, core sym s86 graph 0 node l_n_ example value: dynamo sym 1, core sym s86 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x
    for j in range(n):
        t0 = t0 * 0.5 + j
    t1 = x * n + x.shape[0]
    return t1


CALLS = 3
SIZES = (4, 4, 4)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
