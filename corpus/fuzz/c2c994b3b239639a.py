# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: graph N node l_x_ example value: dynamo fN[-N, N] stride=(N, N) offset=N cpu requires_grad=False, core fN[N, N
# case seed: 10159322534569272593 (dynrr-fuzz --case-seed 10159322534569272593)
# reason: frame 0 (f) diverges: graph 0 node l_x_ example value: dynamo f32[-1, 4] stride=(4, 1) offset=0 cpu requires_grad=False, core f32[5, 4] stride=(4, 1) offset=0 cpu requires_grad=False graph 0 node l_x_ example value: dynamo f32[-1, 4] stride=(4, 1) offset=0 cpu requires_grad=False, core f32[5, 4] stride=(4, 1) offset=0 cpu requires_grad=False graph 0 node t example value: dynamo f32[4, -1] stride=(
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.mm(x, x.t()) @ z
    return t0


CALLS = 3
SIZES = (5, 3, 8)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.maybe_mark_dynamic(x, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
