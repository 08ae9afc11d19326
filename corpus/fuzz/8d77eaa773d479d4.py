# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_y_ * N
# case seed: 7349299527573021457 (dynrr-fuzz --case-seed 7349299527573021457)
# reason: frame 0 (f) diverges: +     t4 = l_y_ * 1 --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor, G_g_t_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       g_g_t_ = G_g_t_       t0 = l_x_ * 1;  t0 = None       c1 = l_x_ + l_x_       t3 = c1 * 0.5;  c1 = t3 = None +     t4 = l_y_ * 1 -     t4 = l_y_ * 2       reshape = l_x_.reshape(4, 3)   
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
    t0 = h_memo(x)
    c1 = x
    
    def bump2(v):
        nonlocal c1
        c1 = c1 + v
        return c1 * 0.5
    
    t3 = bump2(x)
    t4 = h_memo(y)
    t5 = x.reshape(4, 3).t()
    g6 = make_scaler(n)
    t7 = g6(t4)
    t8 = t5.cos()
    t9 = x * g_i + g_t
    acc10 = t7
    for v in [x, y]:
        acc10 = acc10 + v
    return acc10


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
