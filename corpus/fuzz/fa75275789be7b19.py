# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_stackN_ : torch.Tensor, L_z_ : torch.Tensor):
# case seed: 2284449518442381336 (dynrr-fuzz --case-seed 2284449518442381336)
# reason: frame 2 (torch_dynamo_resume_in_f_at_10) diverges: + def forward(self, L_stack0_ : torch.Tensor, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_stack0_ : torch.Tensor, L_z_ : torch.Tensor): - def forward(self, L_stack0_ : torch.Tensor):       l_stack0_ = L_stack0_ +     l_z_ = L_z_       t2 = l_stack0_ * 2;  l_stack0_ = t2 = None +     t3 = l_z_ * 2;  l_z_
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x + x
    t1 = torch.softmax(t0, dim=-1)
    t2 = min([x, x, x], key=lambda v: v.dim()) * 2
    t3 = min([z, z, x], key=lambda v: v.dim()) * 2
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
