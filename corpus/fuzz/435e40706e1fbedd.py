# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, sN : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):
# case seed: 7058139226308715675 (dynrr-fuzz --case-seed 7058139226308715675)
# reason: frame 0 (f) diverges: + def forward(self, s77 : torch.SymInt, s27 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, s27 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): - def forward(self, s27 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       t0
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] > 4:
        t0 = y * 2
    else:
        t0 = y + 1
    t1 = torch.ones(x.shape[0], 1) * x
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    return t2


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)
COMPILE_KW = {'dynamic': True}


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
