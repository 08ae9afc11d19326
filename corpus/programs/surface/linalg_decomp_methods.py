"""Decompositions and solvers in method form: adjoint, cholesky, cholesky_inverse, cholesky_solve, pinverse, slogdet, qr, svd, triangular_solve, geqrf, orgqr, ormqr, lu, lu_solve.

scope: part1
expect: 7 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(a):
    return a.adjoint() * 2


def f1(a):
    return a.pinverse()


def f2(a):
    s = a @ a.mT + torch.eye(3)
    l = s.cholesky()
    return l, l.cholesky_inverse(), torch.ones(3, 2).cholesky_solve(l)


def f3(a):
    return a.slogdet(), a.qr(), a.svd()


def f4(a):
    u = a.triu() + 3 * torch.eye(3)
    return torch.ones(3, 2).triangular_solve(u)


def f5(a):
    q, tau = a.geqrf()
    return q.orgqr(tau), q.ormqr(tau, torch.ones(3, 2))


def f6(a):
    lu, piv = a.lu()
    return torch.ones(3, 2).lu_solve(lu, piv)


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 3))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 3))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 3))))
print('f4', show(torch.compile(f4, backend="eager")(torch.randn(3, 3))))
print('f5', show(torch.compile(f5, backend="eager")(torch.randn(3, 3))))
print('f6', show(torch.compile(f6, backend="eager")(torch.randn(3, 3) + 3 * torch.eye(3))))
