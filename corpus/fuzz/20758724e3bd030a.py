# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_stackN_ : torch.Tensor, L_x_ : torch.Tensor):
# case seed: 15649312416666976772 (dynrr-fuzz --case-seed 15649312416666976772)
# reason: frame 2 (torch_dynamo_resume_in_f_at_8) diverges: + def forward(self, L_stack0_ : torch.Tensor, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_stack0_ : torch.Tensor, L_x_ : torch.Tensor): - def forward(self, L_stack0_ : torch.Tensor):       l_stack0_ = L_stack0_ +     l_x_ = L_x_       t0 = l_stack0_ * 2;  l_stack0_ = t0 = None +     t1 = l_x_ * 2;  l_x_ 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = min([x, x, y], key=lambda v: v.dim()) * 2
    t1 = min([x, z, z], key=lambda v: v.dim()) * 2
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
