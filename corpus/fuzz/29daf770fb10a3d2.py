# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_ * sym_float;  sym_float = None
# case seed: 5492776252149429247 (dynrr-fuzz --case-seed 5492776252149429247)
# reason: frame 1 (f) diverges: +     t2 = l_x_ * sym_float;  sym_float = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       t0 = l_x_ * s77;  t0 = None       t = l_x_.t()       matmul = l_x_ @ t;  t = None       t1 = matmul.sum(-1, keepdim = True);  matmul = t1 = N
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * x.shape[0]
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    t2 = x * float(x.shape[0])
    t3 = t2[:x.shape[0] // 2].sum(0)
    t4 = z * float(x.shape[0])
    t5 = torch.zeros(x.shape[0], 4) + x
    return t5


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
