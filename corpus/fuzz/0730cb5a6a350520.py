# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, L_z_ : torch.Tensor):
# case seed: 13794179242050418450 (dynrr-fuzz --case-seed 13794179242050418450)
# reason: frame 0 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_z_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ -     size = l_x_.size() -     getitem = size[0];  size = None      
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = x.shape[0]
    t1 = torch.ones_like(z) * x.shape[0]
    if x.shape[0] > 4:
        t2 = x * 2
    else:
        t2 = x + 1
    t3 = torch.linspace(0, 1, b0).unsqueeze(-1)
    return t3


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
