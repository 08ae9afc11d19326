# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul_N = l_stackN_ * N
# case seed: 11693658055361577954 (dynrr-fuzz --case-seed 11693658055361577954)
# reason: frame 2 (torch_dynamo_resume_in_f_at_12) diverges: +     mul_2 = l_stack0_ * 0 --- dynamo graph 0 +++ core graph 0            def forward(self, L_stack0_ : torch.Tensor, L_x_ : torch.Tensor):       l_stack0_ = L_stack0_       l_x_ = L_x_       t2 = l_stack0_ * 2;  t2 = None       mul_1 = l_x_ * 0       acc3 = l_x_ + mul_1;  mul_1 = None +     mul_2 = l_stack0_ * 0 -     mul_2 = l_stack0_ * 0;  l_s
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(4, 3).t()
    acc1 = x
    for j, v in enumerate([x, x], start=1):
        acc1 = acc1 + v * j
    t2 = min([x, x, y], key=lambda v: v.dim()) * 2
    acc3 = x
    for j, v in zip([n, n], [x, y]):
        acc3 = acc3 + v * j
    t4 = x + x
    t5 = min([t4, t0, acc3], key=lambda v: v.dim()) * 2
    t6 = y + acc3
    return t6


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
