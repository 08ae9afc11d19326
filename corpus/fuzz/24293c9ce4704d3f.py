# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self):
# case seed: 17964346582631432304 (dynrr-fuzz --case-seed 17964346582631432304)
# reason: frame 0 (f) diverges: + def forward(self): --- dynamo graph 0 +++ core graph 0          + def forward(self): +     ones = torch.ones(5, 1) - def forward(self, s77 : torch.SymInt): -     ones = torch.ones(s77, 1);  s77 = None       t0 = ones.sum(-1, keepdim = True);  ones = None       return (t0,)        graph 0 placeholder sources differ:   dynamo: s77 <- L['x'].size()[0] graph 0: dynamo has 4 nod
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], n + 1).sum(-1, keepdim=True)
    return t0


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
