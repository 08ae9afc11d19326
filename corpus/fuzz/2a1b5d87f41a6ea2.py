# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = mul + N.N;  mul = tN = None
# case seed: 12074743309004674459 (dynrr-fuzz --case-seed 12074743309004674459)
# reason: frame 0 (f) diverges: +     t3 = mul + 1.0;  mul = t3 = None --- dynamo graph 0 +++ core graph 0            def forward(self, G_acc_add_closure_0_cell_contents : torch.Tensor, L_x_ : torch.Tensor, L_xs_1_ : torch.Tensor, L_xs_0_ : torch.Tensor):       g_acc_add_closure_0_cell_contents = G_acc_add_closure_0_cell_contents       l_x_ = L_x_       l_xs_1_ = L_xs_1_       l_xs_0_ = L_xs_0_       add = 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def h_mix(a, b):
    return a * b + a


def h_default(a, b=2.0):
    return a * b


def h_star(*args):
    r = args[0]
    for v in args[1:]:
        r = r + v
    return r


def h_kwonly(a, *, scale=1.5):
    return a * scale


def h_kwargs(a, **kw):
    return a * kw.get('m', 1.0)


def make_scaler(v):
    def scale(w):
        return w * v + 1
    return scale


def make_counter(start):
    box = start

    def add(v):
        nonlocal box
        box = box + v
        return box

    def get():
        return box
    return add, get


acc_add, acc_get = make_counter(torch.zeros(4))


def h_memo(a, seen=[]):
    seen.append(len(seen))
    return a * len(seen)

g_t = torch.linspace(-1.0, 1.0, 4)
g_i = 2
g_l = []


class Box:
    def __init__(self, w, k):
        self.w = w
        self.k = k

    def scale(self, v):
        return v * self.k + self.w


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)
        self.scale = 2

    def forward(self, v):
        return torch.relu(self.fc(v)) * self.scale


lin = torch.nn.Linear(4, 4)
net = Net()


def f(x, y, z, n, s, xs, d, obj):
    global g_t, g_i
    acc_add(x)
    acc0 = x
    for v in [x, x]:
        acc0 = acc0 + v
    t1 = x.sum()
    dd2 = {'u': x, 'v': n}
    t3 = dd2['u'] * dd2['v'] + dd2.get('w', 1.0)
    t4 = acc0.amax(dim=0)
    acc5 = x
    for i in range(3):
        acc5 = acc5 * 0.5 + i
    t6 = xs[0] + xs[-1] * len(xs)
    print('p', n)
    d['a'] = y
    t7 = torch.stack([t3 * i for i in range(2)]).sum(0)
    return t7


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    inputs += [[torch.randn(3, 4), torch.randn(4)], {'a': torch.randn(3, 4), 'k': 2}]
    inputs.append(Box(torch.randn(4), 2))
    return inputs


def observe():
    return [g_t, g_i, g_l, acc_get(), net.scale, h_memo.__defaults__]
