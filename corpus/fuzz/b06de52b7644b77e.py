# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: graph breaks: dynamo has N, core has N
# case seed: 12829744116909399848 (dynrr-fuzz --case-seed 12829744116909399848)
# reason: frame 0 (f) diverges: graph breaks: dynamo has 1, core has 0 graph breaks: dynamo has 1, core has 0 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = max((x, x), key=lambda v: v.dim())
    return t0


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
