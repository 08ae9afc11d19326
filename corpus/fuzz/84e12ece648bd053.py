# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     return (tN, add, mul_N)
# case seed: 13262577501925310021 (dynrr-fuzz --case-seed 13262577501925310021)
# reason: frame 0 (f) diverges: +     return (t5, add, mul_5) --- dynamo graph 0 +++ core graph 0            def forward(self, L_obj_w : torch.Tensor, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor):       l_obj_w = L_obj_w       l_x_ = L_x_       l_y_ = L_y_       l_z_ = L_z_       add = l_obj_w + l_x_;  l_obj_w = None       t0 = l_y_.sum()       mul = l_x_ * 1;  l_x_ = None       acc1 = mul
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
    obj.w = obj.w + x
    t0 = y.sum()
    acc1 = x
    for j, v in enumerate((y, z)):
        acc1 = acc1 * (j + 1) + v
    f2 = s - 1.5
    t3 = z.mean(dim=-1, keepdim=True)
    acc4 = t0
    for j, v in enumerate((t0, acc1)):
        acc4 = acc4 * (j + 1) + v
    t5 = torch.stack([y * i for i in range(1)]).sum(0)
    obj.extra = t0 * 3
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
