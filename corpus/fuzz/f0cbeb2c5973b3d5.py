# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_stackN_ : torch.Tensor, L_x_ : torch.Tensor, L_tN_ : torch.Tensor, L_tN_ : torch.Tensor)
# case seed: 14855913031141978361 (dynrr-fuzz --case-seed 14855913031141978361)
# reason: frame 4 (torch_dynamo_resume_in_f_at_12) diverges: + def forward(self, L_stack0_ : torch.Tensor, L_x_ : torch.Tensor, L_t3_ : torch.Tensor, L_t2_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_stack0_ : torch.Tensor, L_x_ : torch.Tensor, L_t3_ : torch.Tensor, L_t2_ : torch.Tensor): - def forward(self, L_stack0_ : torch.Tensor, L_x_ : torch.Tensor, L_t3_ : torch
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(4, 3).t()
    t1 = max((x, x), key=lambda v: v.dim())
    t2 = x.sum()
    t3 = x + x
    t4 = min([y, x, x], key=lambda v: v.dim()) * 2
    t5 = x * t3
    i6 = (int(z.shape == (3, 1)) + int(tuple(z.shape) < (3, 5))) % 7
    t7 = min([x, t2, y], key=lambda v: v.dim()) * 2
    return t7


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
