# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt):
# case seed: 3531323700998899657 (dynrr-fuzz --case-seed 3531323700998899657)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt): +     linspace = torch.linspace(0, 1, s77);  s77 = None - def forward(self, L_x_ : torch.Tensor): -     l_x_ = L_x_ -     size = l_x_.size();  l_x_ = None -     getitem = size[0];  size = None -     linspace = torch.linspace(0, 1, getitem);  getitem =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    return t0


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
