"""A long straight-line function with about 60 tensor ops.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    a = x + y
    b = a * x
    c = b - y
    d = c.sin()
    e = d.cos()
    f = e * a
    g = f.exp()
    h = g.sqrt()
    i = h + b
    j = i.tanh()
    k = j @ y.t()
    m = k.relu()
    n = m.sum(1, keepdim=True)
    o = x * n
    p = o.sigmoid()
    q = p + c
    r = q - d
    s = r * e
    t = s.abs()
    u = t.log1p()
    v = u.mean(0)
    w = x + v
    z = w.softmax(-1)
    a2 = z * 3
    b2 = a2 - 1
    c2 = b2.neg()
    d2 = c2.exp()
    e2 = d2 + z
    f2 = e2.transpose(0, 1)
    g2 = f2.contiguous()
    h2 = g2.view(-1)
    i2 = h2.cumsum(0)
    j2 = i2 / i2.abs().max()
    k2 = j2.reshape(x.shape)
    m2 = k2 * x
    n2 = m2 + y
    o2 = n2.clamp(-2, 2)
    p2 = o2.pow(2)
    q2 = p2.sum(0)
    r2 = q2.unsqueeze(0)
    s2 = r2.expand(x.shape[0], -1)
    t2 = s2 + x
    u2 = t2.tanh()
    v2 = u2 * y
    w2 = v2.amax(1)
    return w2 + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 5), torch.randn(4, 5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
