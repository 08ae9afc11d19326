# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_z_ : torch.Tensor, sN : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):
# case seed: 9523457299428254672 (dynrr-fuzz --case-seed 9523457299428254672)
# reason: frame 0 (f) diverges: + def forward(self, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): - def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_      
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z.sum(0)
    t1 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t2 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t3 = (x @ x.t()).sum(-1, keepdim=True)
    t4 = torch.full((x.shape[0], 4), 0.5) * t1
    if z.shape[0] >= 5:
        t5 = y - 1
    else:
        t5 = y * 0.5
    return t5


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
