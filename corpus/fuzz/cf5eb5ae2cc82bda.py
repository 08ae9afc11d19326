# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     return (cN, tN, add, mul_N, add_N)
# case seed: 8870197399311644237 (dynrr-fuzz --case-seed 8870197399311644237)
# reason: frame 0 (f) diverges: +     return (c6, t5, add, mul_3, add_1) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_obj_w : torch.Tensor, G_acc_add_closure_0_cell_contents : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_obj_w = L_obj_w       g_acc_add_closure_0_cell_contents = G_acc_add_closure_0_cell_contents       l_y_ = L_y_       t0 = l_x_ * 1
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
    xs.append(x)
    t0 = h_memo(x)
    obj.w = obj.w + x
    acc_add(x)
    t1 = acc_get() + x
    if n > 4:
        t2 = y + 1
    else:
        t2 = y * 2
    if n > 3:
        t3 = y + 1
    else:
        t3 = y * 2
    l4 = [t1, t2, t0]
    t5 = l4[2] + l4[-1]
    obj.extra = t1 * 3
    c6 = t2
    
    def bump7(v):
        nonlocal c6
        c6 = c6 + v
        return c6 * 0.5
    
    t8 = bump7(t1)
    al9 = xs
    al9.append(t5)
    return c6


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
