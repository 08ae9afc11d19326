"""Training and serving idiom: nn.Module forward pre-hooks and forward hooks (with and
without kwargs) on submodules of a compiled model, one collecting features.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(16, 32)
        self.body = nn.Sequential(nn.ReLU(), nn.Linear(32, 32), nn.ReLU())
        self.head = nn.Linear(32, 4)

    def forward(self, x, scale=1.0):
        return self.head(self.body(self.stem(x))) * scale


model = Net().eval()
features = {}


def collect(name):
    def hook(mod, args, out):
        features[name] = out.detach()
    return hook


def normalize_input(mod, args):
    (x,) = args
    return (x - x.mean(-1, keepdim=True),)


def double_scale(mod, args, kwargs):
    kwargs = dict(kwargs)
    kwargs["scale"] = kwargs.get("scale", 1.0) * 2.0
    return args, kwargs


def clamp_out(mod, args, kwargs, out):
    return out.clamp(-1.0, 1.0)


model.body.register_forward_hook(collect("body"))
model.stem.register_forward_pre_hook(normalize_input)
model.register_forward_pre_hook(double_scale, with_kwargs=True)
model.register_forward_hook(clamp_out, with_kwargs=True)
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(torch.randn(3, 16), scale=0.5)
print(tuple(out.shape), round(out.double().sum().item(), 4), sorted(features),
      round(features["body"].double().sum().item(), 4))
