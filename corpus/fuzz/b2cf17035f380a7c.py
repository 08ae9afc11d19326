# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     accN = cN + tN;  cN = tN = None
# case seed: 4498747314863277236 (dynrr-fuzz --case-seed 4498747314863277236)
# reason: frame 0 (f) diverges: +     acc5 = c2 + t4;  c2 = t4 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       t0 = l_x_ * 1       c2 = l_x_ + l_x_       t4 = c2 * 0.5 +     acc5 = c2 + t4;  c2 = t4 = None -     acc5 = c2 + t4;  t4 = None       acc5_1 = acc5 + l_x_;  acc5 = l_x_ = acc5_1 = None +     return (t0,) -     return (t0, c2)    
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
    i1 = (n + n) % 7
    c2 = x
    
    def bump3(v):
        nonlocal c2
        c2 = c2 + v
        return c2 * 0.5
    
    t4 = bump3(x)
    acc5 = c2
    for v in [t4, x]:
        acc5 = acc5 + v
    f6 = s - 1.5
    print('p', n)
    t7 = z.contiguous().view(-1)[0]
    c8 = y
    
    def bump9(v):
        nonlocal c8
        c8 = c8 + v
        return c8 * 0.5
    
    t10 = bump9(t0)
    return [c8, c2], {'f': f6}


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
