# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     contiguous = l_x_.contiguous()
# case seed: 7114070311990678205 (dynrr-fuzz --case-seed 7114070311990678205)
# reason: frame 0 (f) diverges: +     contiguous = l_x_.contiguous() --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       t0 = torch.sin(l_x_);  t0 = None +     contiguous = l_x_.contiguous() -     contiguous = l_x_.contiguous();  l_x_ = None       view = contiguous.view(-1);  contiguous = view = None       t2 =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x)
    t1 = x.contiguous().view(-1)[0]
    t2 = y.sum()
    t3 = max((x, t2), key=lambda v: v.dim())
    t4 = -t2
    t5 = x.contiguous().view(-1)[0]
    return t5


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
