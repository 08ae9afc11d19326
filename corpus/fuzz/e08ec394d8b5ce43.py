# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     narrow = l_x_.narrow(N, N, N)
# case seed: 5826005568312375144 (dynrr-fuzz --case-seed 5826005568312375144)
# reason: frame 0 (f) diverges: +     narrow = l_x_.narrow(0, 0, 4) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     narrow = l_x_.narrow(0, 0, 4) -     size = l_x_.size() -     getitem = size[0];  size = None -     sub = getitem - 1;  getitem = None -     narrow = l_x_.narrow(0, 0, sub);  sub = None       t0 = narrow.sum(0);  narrow = None +    
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.narrow(0, 0, x.shape[0] - 1).sum(0)
    t1 = x[:x.shape[0] // 2].sum(0)
    if z.size(0) == x.shape[0]:
        t2 = t0 * 3
    else:
        t2 = t0
    return t2


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
