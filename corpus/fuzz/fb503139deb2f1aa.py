# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = bmm.view(N, N);  bmm = None
# case seed: 962963291975190365 (dynrr-fuzz --case-seed 962963291975190365)
# reason: frame 0 (f) diverges: +     t1 = bmm.view(5, 1);  bmm = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       getitem = l_x_[slice(None, None, 2)]       t0 = getitem.sum(0, keepdim = True);  getitem = None       unsqueeze = l_x_.unsqueeze(1)       unsqueeze_1 = l_x_.unsqueeze(2)       bmm = torch.bmm(unsqueeze, unsqueeze_1);  unsqueeze 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[::2].sum(0, keepdim=True)
    t1 = torch.bmm(x.unsqueeze(1), x.unsqueeze(2)).view(x.shape[0], 1)
    b2 = z.size()[0]
    t3 = t1.sum(0)
    t4 = torch.bmm(x.unsqueeze(1), x.unsqueeze(2)).view(b2, 1)
    return [t4, t0], {'f': s}


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
