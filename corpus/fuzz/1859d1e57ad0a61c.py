# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, L_z_ : torch.Tensor, L_y_ : torch.Tensor):
# case seed: 14374091512087370909 (dynrr-fuzz --case-seed 14374091512087370909)
# reason: frame 0 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_z_ : torch.Tensor, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_z_ : torch.Tensor, L_y_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_      
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t1 = torch.ones(x.shape[0], 1) * x
    t2 = t1 @ torch.ones(4, 4)
    if x.shape[0] * 2 > 8:
        t3 = z.sin()
    else:
        t3 = z.cos()
    t4 = torch.einsum('bi,bj->ij', x, x).sum(-1)
    t5 = torch.einsum('bi,bj->ij', t2, t2).sum(-1)
    t6 = t2.repeat(1, n + 1).sum(-1, keepdim=True)
    t7 = y * x.shape[0]
    return t7


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
