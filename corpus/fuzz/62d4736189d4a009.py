# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_stackN_ : torch.Tensor, L_tN_ : torch.Tensor, L_x_ : torch.Tensor):
# case seed: 16955557912945335231 (dynrr-fuzz --case-seed 16955557912945335231)
# reason: frame 2 (torch_dynamo_resume_in_f_at_10) diverges: + def forward(self, L_stack0_ : torch.Tensor, L_t0_ : torch.Tensor, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_stack0_ : torch.Tensor, L_t0_ : torch.Tensor, L_x_ : torch.Tensor): - def forward(self, L_stack0_ : torch.Tensor, L_t0_ : torch.Tensor):       l_stack0_ = L_stack0_       l_t0_ = L_t0_ +     l
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(4, 3).t()
    t1 = x + x
    t2 = min([x, x, y], key=lambda v: v.dim()) * 2
    t3 = t0.reshape(4, 3).t()
    t4 = min([x, z, t1], key=lambda v: v.dim()) * 2
    return t4


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
