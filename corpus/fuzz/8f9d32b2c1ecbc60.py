# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_z_ : torch.Tensor, sN : torch.SymInt, L_x_ : torch.Tensor):
# case seed: 13366773847987673561 (dynrr-fuzz --case-seed 13366773847987673561)
# reason: frame 0 (f) diverges: + def forward(self, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor): - def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_ -     size = l_x_.size() -     getitem = size[0];  size = None      
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = z.shape[0]
    b1 = x.shape[0]
    t2 = x * n + b0
    t3 = t2.reshape(-1, 2).sum(-1).reshape(b1, 2).sum(-1, keepdim=True)
    t4 = (t2 @ t2.t()).sum(-1, keepdim=True)
    if b0 < 4 or b0 > 6:
        t5 = x + 0.5
    else:
        t5 = x * 4
    t6 = torch.linspace(0, 1, b1).unsqueeze(-1)
    t7 = torch.ones(b0, 1) * z
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
