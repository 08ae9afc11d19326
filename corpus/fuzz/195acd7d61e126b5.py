# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     _set_grad_enabled_N = torch._C._set_grad_enabled(True);  _set_grad_enabled_N = None
# case seed: 658883933255091654 (dynrr-fuzz --case-seed 658883933255091654)
# reason: frame 0 (f) diverges: +     _set_grad_enabled_1 = torch._C._set_grad_enabled(True);  _set_grad_enabled_1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, G_acc_add_closure_0_cell_contents : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       g_acc_add_closure_0_cell_contents = G_acc_add_closure_0_cell_contents       l_z_ = L_z_       c0 = l_x_ + 
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
    c0 = x
    
    def bump1(v):
        nonlocal c0
        c0 = c0 + v
        return c0 * 0.5
    
    t2 = bump1(x)
    acc_add(x)
    t3 = acc_get() + x
    x.add_(1)
    dd4 = {'u': x, 'v': n}
    t5 = dd4['u'] * dd4['v'] + dd4.get('w', 1.0)
    with torch.no_grad():
        t6 = c0 * 2 + z
    with torch.no_grad():
        t7 = c0 * 2 + z
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
