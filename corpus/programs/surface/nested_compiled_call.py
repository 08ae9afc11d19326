"""A compiled model calling a helper that is itself wrapped in torch.compile: Dynamo traces the inner function through its wrapper (WrapperUserFunctionVariable of _torchdynamo_inline, via polyfills.getattr_and_trace_no_nested_graph_breaks) into the outer graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def gelu_tanh(x):
    return 0.5 * x * (1.0 + torch.tanh(0.79788456 * (x + 0.044715 * x * x * x)))


fast_gelu = torch.compile(gelu_tanh, backend="eager")


def mlp(x, w1, w2):
    return fast_gelu(x @ w1) @ w2


out = torch.compile(mlp, backend="eager")(torch.randn(4, 8), torch.randn(8, 16), torch.randn(16, 8))
print(tuple(out.shape), round(out.sum().item(), 3))
