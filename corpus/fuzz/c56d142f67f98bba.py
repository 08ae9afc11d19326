# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: graphs: dynamo has N, core has N
# case seed: 15024761912440935223 (dynrr-fuzz --case-seed 15024761912440935223)
# reason: frame 0 (f) diverges: graphs: dynamo has 0, core has 1 graphs: dynamo has 0, core has 1 graph breaks: dynamo has 1, core has 0 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = min([x, x, x], key=lambda v: v.dim()) * 2
    return t0


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
