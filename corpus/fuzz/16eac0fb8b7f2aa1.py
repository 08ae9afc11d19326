# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = cN + N;  cN = tN = None
# case seed: 178248089187571983 (dynrr-fuzz --case-seed 178248089187571983)
# reason: frame 0 (f) diverges: +     t11 = c1 + 1;  c1 = t11 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       mul = l_x_ * 0.5       acc0 = mul + 0;  mul = None       c1 = l_x_ + l_x_       t3 = c1 * 0.5;  t3 = None       mul_2 = l_x_ * 0.5       acc4 = mul_2 + 0;  mul_2 = acc4 = None       add_3 = l
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
    acc0 = x
    for i in range(1):
        acc0 = acc0 * 0.5 + i
    c1 = x
    
    def bump2(v):
        nonlocal c1
        c1 = c1 + v
        return c1 * 0.5
    
    t3 = bump2(x)
    acc4 = x
    for i in range(1):
        acc4 = acc4 * 0.5 + i
    add5, get6 = make_counter(x)
    add5(acc0)
    t7 = get6() * 2
    f8 = s - 1.5
    l9 = [acc0, acc0, y]
    t10 = l9[1] + l9[-1]
    if n > 0:
        t11 = c1 + 1
    else:
        t11 = c1 * 2
    if n > 1:
        t12 = x + 1
    else:
        t12 = x * 2
    print('p', n)
    return [t12, c1], {'f': f8}


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 1, 0.5]
    inputs += [[torch.randn(3, 4), torch.randn(4)], {'a': torch.randn(3, 4), 'k': 2}]
    inputs.append(Box(torch.randn(4), 2))
    return inputs


def observe():
    return [g_t, g_i, g_l, acc_get(), net.scale, h_memo.__defaults__]
