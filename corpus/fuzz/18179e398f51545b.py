# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = tN.reshape(sN, -N);  sN = tN = None
# case seed: 8295745429991879897 (dynrr-fuzz --case-seed 8295745429991879897)
# reason: frame 0 (f) diverges: +     t4 = t1.reshape(s77, -1);  s77 = t4 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       t = l_x_.t()       matmul = l_x_ @ t;  t = None       t0 = matmul.sum(-1, keepdim = True);  matmul = t0 = None       t_1 = l_x_.t()       matmul_1 = l_x_ @ t_1;  t_1 = None       t1 = matmul_1.sum(-
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x @ x.t()).sum(-1, keepdim=True)
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    if x.shape[0] > 4:
        t2 = x * 2
    else:
        t2 = x + 1
    t3 = torch.arange(1, x.shape[0] + 1).float().mean()
    t4 = t1.reshape(x.shape[0], -1)
    t5 = t1.sum(0)
    t6 = t1[x.shape[0] - 1]
    t7 = (x.t() @ x).sum(0)
    return t7


CALLS = 3
SIZES = (2, 6, 3)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(z, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
