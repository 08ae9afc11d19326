"""loss.backward() (a graph break while config.trace_autograd_ops is off), tensor.is_cuda (a constant of the device) and a logging.Logger method (LoggingLoggerVariable: a break outside export).

scope: part1
expect: 4 graphs, 2 breaks, 0 recompiles
"""
import logging

import torch

torch.manual_seed(0)
LOG = logging.getLogger("dynrr.corpus")


def f0(x):
    loss = (x * 2).sum()
    loss.backward()
    return loss.detach()


def f1(x):
    return x + 1 if x.is_cuda else x - 1


def f2(x):
    LOG.info("scaling")
    return x * 3


x = torch.randn(3, requires_grad=True)
print('f0', round(torch.compile(f0, backend="eager")(x).item(), 4), [round(v, 4) for v in x.grad.tolist()])
print('f1', round(torch.compile(f1, backend="eager")(torch.randn(3, 4)).sum().item(), 4))
print('f2', round(torch.compile(f2, backend="eager")(torch.randn(3)).sum().item(), 4))
