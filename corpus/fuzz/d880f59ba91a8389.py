# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     arange = torch.arange(N, add);  add = None
# case seed: 11454320621587803358 (dynrr-fuzz --case-seed 11454320621587803358)
# reason: frame 0 (f) diverges: +     arange = torch.arange(1, add);  add = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       add = s77 + 1 +     arange = torch.arange(1, add);  add = None -     arange = torch.arange(1, add)       float_1 = arange.float();  arange = None       t0 = float_1.mean();  float_1 = t0 = None     
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(1, x.shape[0] + 1).float().mean()
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    t2 = torch.arange(x.shape[0]).float().unsqueeze(-1)
    t3 = torch.arange(1, x.shape[0] + 1).float().mean()
    return t3


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
