# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, G_acc_add_closure_N_cell_contents : torch.Tensor, L_z_ : torch.Tensor, L_y_ : torch.Tensor
# case seed: 3850811286685957419 (dynrr-fuzz --case-seed 3850811286685957419)
# reason: frame 0 (f) diverges: + def forward(self, G_acc_add_closure_0_cell_contents : torch.Tensor, L_z_ : torch.Tensor, L_y_ : torch.Tensor, L_x_ : torch.Tensor, G_net_modules_fc_parameters_weight_ : torch.nn.parameter.Parameter, G_net_modules_fc_parameters_bias_ : torch.nn.parameter.Parameter): --- dynamo graph 0 +++ core graph 0          + def forward(self, G_acc_add_closure_0_cell_contents : torch.Ten
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
    net.scale = (net.scale + n) % 5
    acc_add(z)
    t0 = acc_get() + y
    acc_add(x)
    t1 = acc_get() + x
    t2 = torch.stack([x * i for i in range(3)]).sum(0)
    t3 = net(y)
    return t3


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
