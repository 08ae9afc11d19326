# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     unsqueeze = l_z_.unsqueeze(N)
# case seed: 10806100575126944570 (dynrr-fuzz --case-seed 10806100575126944570)
# reason: frame 0 (f) diverges: +     unsqueeze = l_z_.unsqueeze(0) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       t0 = l_x_.sum();  l_x_ = t0 = None +     unsqueeze = l_z_.unsqueeze(0) -     unsqueeze = l_z_.unsqueeze(0);  l_z_ = None       t1 = unsqueeze.squeeze(0);  unsqueeze = t1 = None +     t3 = l_z_
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.sum()
    t1 = z.unsqueeze(0).squeeze(0)
    t2 = max((x, x), key=lambda v: v.dim())
    t3 = z.mean(dim=-1, keepdim=True)
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
