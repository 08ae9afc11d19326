# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     view = l_x_.view(sN, N, N);  sN = None
# case seed: 16162160117833876846 (dynrr-fuzz --case-seed 16162160117833876846)
# reason: frame 0 (f) diverges: +     view = l_x_.view(s77, 2, 2);  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       t0 = l_x_ * s77;  t0 = None       t1 = l_x_ * 3;  t1 = None +     view = l_x_.view(s77, 2, 2);  s77 = None -     view = l_x_.view(s77, 2, 2) 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * x.shape[0]
    if t0.size(0) == x.shape[0]:
        t1 = x * 3
    else:
        t1 = x
    t2 = x.view(x.shape[0], 2, 2).sum(-1).mean(-1, keepdim=True)
    t3 = z * max(x.shape[0], 4)
    t4 = F.linear(x, torch.eye(4))
    return t4


CALLS = 3
SIZES = (2, 6, 3)
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
