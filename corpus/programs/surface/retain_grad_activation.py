"""Keeping an activation's gradient for inspection (h.retain_grad()) inside a compiled layer: reading .retain_grad is Unsupported in Dynamo ("Tensor.retain_grad() with AOTDispatcher", raised from LOAD_ATTR), so the frame falls back to eager and the gradient is kept eagerly.

scope: part2
expect: 0 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def layer(x, w):
    h = x @ w
    h.retain_grad()
    return torch.relu(h), h


x = torch.randn(4, 3)
w = torch.randn(3, 2, requires_grad=True)
out, h = torch.compile(layer, backend="eager")(x, w)
out.sum().backward()
print(tuple(out.shape), h.grad is not None, tuple(w.grad.shape))
