# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_stackN_ : torch.Tensor, L_tN_ : torch.Tensor):
# case seed: 15985805824292721270 (dynrr-fuzz --case-seed 15985805824292721270)
# reason: frame 2 (torch_dynamo_resume_in_f_at_11) diverges: + def forward(self, L_stack0_ : torch.Tensor, L_t1_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_stack0_ : torch.Tensor, L_t1_ : torch.Tensor): - def forward(self, L_stack0_ : torch.Tensor):       l_stack0_ = L_stack0_ +     l_t1_ = L_t1_ +     t2 = l_stack0_ * 2;  l_stack0_ = t2 = None +     t3 = l_t1_ * 2; 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    ls = sorted([n, n, 3], key=lambda v: (v % 3, v), reverse=True)
    i0 = (ls[0] * 2 + ls[-1]) % 7
    t1 = torch.softmax(x, dim=-1)
    t2 = min([x, z, x], key=lambda v: v.dim()) * 2
    t3 = min([t1, t1, t2], key=lambda v: v.dim()) * 2
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
