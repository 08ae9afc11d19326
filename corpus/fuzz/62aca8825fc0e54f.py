# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     ones = torch.ones(N, N)
# case seed: 286805131479308315 (dynrr-fuzz --case-seed 286805131479308315)
# reason: frame 0 (f) diverges: +     ones = torch.ones(5, 1) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     ones = torch.ones(5, 1) -     size = l_x_.size() -     getitem = size[0];  size = None -     ones = torch.ones(getitem, 1);  getitem = None       t0 = ones * l_z_;  ones = l_z_ = t0 = None       t =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * z
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    return t1


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
