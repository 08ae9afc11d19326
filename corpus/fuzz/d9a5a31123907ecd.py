# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     cond = torch.ops.higher_order.cond(gt, cond_true_N, cond_false_N, (l_x_, l_z_, sN));  gt = cond_true_N =
# case seed: 12334386931227708132 (dynrr-fuzz --case-seed 12334386931227708132)
# reason: frame 1 (f) diverges: +     cond = torch.ops.higher_order.cond(gt, cond_true_0, cond_false_0, (l_x_, l_z_, s68));  gt = cond_true_0 = cond_false_0 = l_x_ = l_z_ = s68 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_       mean = l_z_.mean()       mean_1 = l_
import torch
import torch.nn.functional as F
from torch._higher_order_ops.map import map as map_hop
from torch._higher_order_ops.while_loop import while_loop
from torch._higher_order_ops.wrap import wrap
from torch.utils.checkpoint import checkpoint

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.cond(z.mean() > x.mean(), lambda a, b: a * b, lambda a, b: a + b, (z, x))
    return t0


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
