# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, sN : torch.SymInt, L_x_ : torch.Tensor):
# case seed: 1611465161888116627 (dynrr-fuzz --case-seed 1611465161888116627)
# reason: frame 0 (f) diverges: + def forward(self, s77 : torch.SymInt, s27 : torch.SymInt, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, s27 : torch.SymInt, L_x_ : torch.Tensor): - def forward(self, s27 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ +     linspace = torch.linspace(0, 1, s77) -     size = l_x_.size() -     getitem = size[
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t1 = torch.ones(x.shape[0], 1) * x
    return t1


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
