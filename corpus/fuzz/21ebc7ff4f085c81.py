# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ * sN;  l_z_ = None
# case seed: 5814144165798086130 (dynrr-fuzz --case-seed 5814144165798086130)
# reason: frame 1 (f) diverges: +     t1 = l_z_ * s68;  l_z_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_z_ = L_z_ +     t1 = l_z_ * s68;  l_z_ = None -     sym_max = torch.sym_max(s68, 4) -     t1 = l_z_ * sym_max;  l_z_ = sym_max = None       t2 = t1 * s68;  t1 = s68 = None       return (t2,)        graph 0: dynamo has 6 nodes, 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = z.shape[0]
    t1 = z * max(b0, 4)
    t2 = t1 * b0
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
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
