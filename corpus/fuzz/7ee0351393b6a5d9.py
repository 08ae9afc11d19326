# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_y_ : torch.Tensor, sN : torch.SymInt, L_x_ : torch.Tensor):
# case seed: 4159595757194945848 (dynrr-fuzz --case-seed 4159595757194945848)
# reason: frame 1 (f) diverges: + def forward(self, L_y_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_y_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor): - def forward(self, L_y_ : torch.Tensor, L_x_ : torch.Tensor):       l_y_ = L_y_       l_x_ = L_x_       mul = l_y_ * 0.5;  l_y_ = None       t0 = mul + 0;  mul = t0 =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = y
    for j in range(n):
        t0 = t0 * 0.5 + j
    t1 = x * n + x.shape[0]
    t2 = torch.softmax(x, dim=0)
    t3 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    return t3


CALLS = 3
SIZES = (3, 5, 7)
INTS = (1, 1, 1)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
