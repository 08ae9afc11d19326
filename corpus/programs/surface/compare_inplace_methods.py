"""In-place comparisons and logical ops: eq_, ne_, lt_, le_, gt_, ge_, greater_, greater_equal_, less_, less_equal_, not_equal_, logical_and_/or_/xor_.

scope: part1
expect: 3 graphs, 0 breaks, 0 recompiles
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
    a = x.clone()
    a.eq_(y)
    b = x.clone()
    b.ne_(y)
    c = x.clone()
    c.lt_(y)
    d = x.clone()
    d.le_(y)
    e = x.clone()
    e.gt_(y)
    g = x.clone()
    g.ge_(y)
    return a + b + c + d + e + g


def f1(x, y):
    a = x.clone()
    a.greater_(y)
    b = x.clone()
    b.greater_equal_(y)
    c = x.clone()
    c.less_(y)
    d = x.clone()
    d.less_equal_(y)
    e = x.clone()
    e.not_equal_(y)
    return a + b + c + d + e


def f2(x, y):
    a = x.clone()
    a.logical_and_(y)
    b = x.clone()
    b.logical_or_(y)
    c = x.clone()
    c.logical_xor_(y)
    return a + b + c


print('f0', show(torch.compile(f0, backend="eager")(torch.randint(0, 3, (3, 4)).float(), torch.randint(0, 3, (3, 4)).float())))
print('f1', show(torch.compile(f1, backend="eager")(torch.randint(0, 3, (3, 4)).float(), torch.randint(0, 3, (3, 4)).float())))
print('f2', show(torch.compile(f2, backend="eager")(torch.randint(0, 2, (3, 4)).float(), torch.randint(0, 2, (3, 4)).float())))
