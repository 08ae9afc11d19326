"""torch functions Dynamo handles before the graph: addcdiv(value=) split into div/mul/add,
is_compiling() and friends as constants, torch._assert of a true constant,
promote_types and get_default_dtype folded.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(a, b, c):
    torch._assert(a.dim() == 2, "expects a matrix")
    out = torch.addcdiv(a, b, c, value=0.5)
    if torch.compiler.is_compiling() and not torch.jit.is_scripting():
        out = out + 1
    dtype = torch.promote_types(torch.int32, torch.float16)
    return out.to(dtype), torch.get_default_dtype() == torch.float32


opt = torch.compile(fn, backend="eager")
out, flag = opt(torch.randn(3, 3), torch.randn(3, 3), torch.rand(3, 3) + 1)
print(tuple(out.shape), out.dtype, flag, round(out.double().sum().item(), 2))
