# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: core error in frame N (f): graph log: erasing a node: erase: node sN still has N users
# case seed: 13962166069365466876 (dynrr-fuzz --case-seed 13962166069365466876)
# reason: core error in frame 1 (f): graph log: erasing a node: erase: node s77 still has 1 users
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z[x.shape[0] - 1]
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
