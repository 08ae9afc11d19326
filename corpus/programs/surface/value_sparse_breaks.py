"""Tensor methods whose fake result Dynamo cannot wrap, so the call graph-breaks after the fake run: Python values (is_set_to, is_distributed, dense_dim, sparse_dim), sparse layouts (to_sparse, to_sparse(k), to_sparse_coo/csr/csc/bsr/bsc), and map2_ with a Python callable.

scope: part2
expect: 15 graphs, 12 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def show(out):
    if isinstance(out, torch.Tensor):
        if out.layout != torch.strided:
            return (str(out.layout).replace("torch.", ""), round(out.to_dense().double().sum().item(), 3))
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3))
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    y = x + 1
    return y * 2 if x.is_set_to(y) else y - 2


def f1(x):
    return x * 3 if x.is_distributed() else x - 3


def f2(x):
    return x * x.dense_dim()


def f3(x):
    return (x + 1) * x.sparse_dim()


def f4(x):
    return (x * 2).to_sparse()


def f5(x):
    return (x - 1).to_sparse(1)


def f6(x):
    return x.relu().to_sparse_coo()


def f7(x):
    return (x * 3).to_sparse_csr()


def f8(x):
    return x.abs().to_sparse_csc()


def f9(x):
    return (x + 2).to_sparse_bsr((2, 1))


def f10(x):
    y = x.neg()
    return y.to_sparse_bsc((2, 3))


def f11(x, w):
    y = x.clone()
    y.map2_(w, x, lambda a, b, c: a + b * c)
    return y * 2


x = torch.randn(4, 3)
for f in (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):
    print(f.__name__, show(torch.compile(f, backend="eager")(x)))
print('f11', show(torch.compile(f11, backend="eager")(x, torch.ones(4, 3))))
