# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor):
# case seed: 7977436425632371882 (dynrr-fuzz --case-seed 7977436425632371882)
# reason: frame 0 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_      
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    if x.shape[0] > 4:
        t1 = y * 2
    else:
        t1 = y + 1
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t3 = z - x.shape[0] % 3
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
