"""copy_, fill_, zero_, tril(_), triu(_) in method form.

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x, y):
    a = torch.empty_like(x)
    a.copy_(y)
    b = x.clone()
    b.fill_(2.0)
    c = x.clone()
    c.zero_()
    return a + b + c


def f1(x):
    a = x.clone()
    a.tril_()
    b = x.clone()
    b.triu_(1)
    return x.tril(-1) + x.triu() + a + b


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(4, 4))))
