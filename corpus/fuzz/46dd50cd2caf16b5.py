# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     unsqueeze = l_y_.unsqueeze(N)
# case seed: 17618740811791733659 (dynrr-fuzz --case-seed 17618740811791733659)
# reason: frame 2 (torch_dynamo_resume_in_f_at_9) diverges: +     unsqueeze = l_y_.unsqueeze(0) --- dynamo graph 0 +++ core graph 0            def forward(self, L_y_ : torch.Tensor):       l_y_ = L_y_ +     unsqueeze = l_y_.unsqueeze(0) -     unsqueeze = l_y_.unsqueeze(0);  l_y_ = None       t2 = unsqueeze.squeeze(0);  unsqueeze = t2 = None +     t3 = l_y_ * 2;  l_y_ = None +     return (t3,) -     return (
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.contiguous().view(-1)[0]
    t1 = max((t0, y), key=lambda v: v.dim())
    t2 = y.unsqueeze(0).squeeze(0)
    t3 = min([t1, t1, z], key=lambda v: v.dim()) * 2
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
