# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     arange = torch.arange(N, N, N)
# case seed: 6218378225948477035 (dynrr-fuzz --case-seed 6218378225948477035)
# reason: frame 0 (f) diverges: +     arange = torch.arange(0, 5, 2) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     arange = torch.arange(0, 5, 2) -     size = l_x_.size() -     getitem = size[0];  size = None -     arange = torch.arange(0, getitem, 2);  getitem = None       float_1 = arange.float();  arange = None       t0 = float_1.sum();  fl
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(0, x.shape[0], 2).float().sum()
    if x.shape[0] > 4:
        t1 = t0 * 2
    else:
        t1 = t0 + 1
    t2 = z[:x.shape[0]]
    t3 = (x @ x.t()).sum(-1, keepdim=True)
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
