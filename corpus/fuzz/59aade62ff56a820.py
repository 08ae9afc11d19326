# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, L_stackN_ : torch.Tensor, G_net_modules_fc_parameters_weight_ : torch.nn.parameter.Paramet
# case seed: 14301587076399195584 (dynrr-fuzz --case-seed 14301587076399195584)
# reason: frame 1 (torch_dynamo_resume_in_f_at_88) diverges: + def forward(self, L_stack0_ : torch.Tensor, G_net_modules_fc_parameters_weight_ : torch.nn.parameter.Parameter, G_net_modules_fc_parameters_bias_ : torch.nn.parameter.Parameter): --- dynamo graph 0 +++ core graph 0          + def forward(self, L_stack0_ : torch.Tensor, G_net_modules_fc_parameters_weight_ : torch.nn.parameter.Parameter, G_net_mod
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
    g_t = g_t * 0.5 + x
    t0 = x + x
    t1 = x * x.max().item()
    net.scale = (net.scale + n) % 5
    t2 = net(x)
    return t2


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
