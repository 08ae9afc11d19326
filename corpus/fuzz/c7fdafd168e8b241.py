# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = add_N + l_y_;  l_y_ = tN = None
# case seed: 8613134693155338436 (dynrr-fuzz --case-seed 8613134693155338436)
# reason: frame 0 (f) diverges: +     t2 = add_1 + l_y_;  l_y_ = t2 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, G_acc_add_closure_0_cell_contents : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       g_acc_add_closure_0_cell_contents = G_acc_add_closure_0_cell_contents       l_y_ = L_y_       mul = l_x_ * l_x_       t1 = mul + 1;  mul = t1 = None     
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
    g0 = make_scaler(x)
    t1 = g0(x)
    acc_add(x)
    t2 = acc_get() + y
    if x.sum() > 0:
        t3 = x + 1
    else:
        t3 = x - 1
    f4 = s * 0.5 + n
    t5 = torch.stack([t2 * i for i in range(3)]).sum(0)
    return t5


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
