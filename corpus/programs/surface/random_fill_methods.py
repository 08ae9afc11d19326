"""Random in-place fills in method form: random_, exponential_, geometric_, log_normal_, cauchy_, bernoulli_, and fill_diagonal_.

scope: part1
expect: 3 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    a = torch.empty(3, 4)
    a.exponential_()
    b = torch.empty(3, 4)
    b.geometric_(0.5)
    c = torch.empty(3, 4)
    c.log_normal_()
    d = torch.empty(3, 4)
    d.cauchy_()
    e = torch.empty(3, 4)
    e.bernoulli_(0.5)
    g = torch.empty(3, 4, dtype=torch.int64)
    g.random_(0, 10)
    return (a + b + c + d + e + g).shape


def f1(x):
    a = x.clone()
    a.fill_diagonal_(0.0)
    return a


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 3))))
