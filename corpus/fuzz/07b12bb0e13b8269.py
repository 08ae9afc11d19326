# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, sN : torch.SymInt):
# case seed: 10915747068168326299 (dynrr-fuzz --case-seed 10915747068168326299)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt): - def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     ones = torch.ones(s68, 1) -     size = l_x_.size() -     getitem = size[0];  size = None -     ones = t
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * x
    if x.shape[0] > 4:
        t1 = x * 2
    else:
        t1 = x + 1
    t2 = x[:x.shape[0]]
    if z.size(0) == x.shape[0]:
        t3 = t0 * 3
    else:
        t3 = t0
    t4 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    return t4


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
