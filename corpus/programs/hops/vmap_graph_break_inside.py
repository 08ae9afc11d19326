"""A graph break inside the function torch.func.vmap maps.

scope: part2
expect: 2 graphs, 3 breaks, 0 recompiles; the break inside the inlined vmap_impl breaks the frame at its CALL (FunctorchHigherOrderVariable allows no nested graph break), then vmap's wrapper at its CALL_FUNCTION_EX (the args tuple rebuilt after the graph: is_python_constant realises in_dims, out_dims, randomness and chunk_size, CONSTANT_MATCH), then body, entered while the vmap transform is active (backend eager: traced, FUNCTORCH_STACK_MATCH)
"""
import torch

torch.manual_seed(0)


def body(a):
    torch._dynamo.graph_break()
    return a.cos() * 2.5


def fn(x):
    y = x * 2
    return torch.func.vmap(body)(y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
