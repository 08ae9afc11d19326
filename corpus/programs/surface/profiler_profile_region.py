"""A training step that wraps its body in torch.profiler.profile / torch.autograd.profiler.profile: Dynamo ignores the profiler (ProfilerContextVariable, a nullcontext whose __enter__ gives the profiler itself) and traces the body into one graph.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def step(x, w):
    with torch.profiler.profile():
        h = torch.relu(x @ w)
        out = h.sum(0)
    return out * 2


def step_autograd(x, w):
    with torch.autograd.profiler.profile() as prof:
        h = torch.tanh(x @ w)
    return h + 1


x = torch.randn(4, 3)
w = torch.randn(3, 5)
out = torch.compile(step, backend="eager")(x, w)
print(tuple(out.shape), round(out.sum().item(), 4))
out = torch.compile(step_autograd, backend="eager")(x, w)
print(tuple(out.shape), round(out.sum().item(), 4))
