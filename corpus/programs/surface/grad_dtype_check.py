"""A mixed-precision helper that checks the dtype gradients will be accumulated in (Tensor.grad_dtype) before scaling: Dynamo's generic attribute handling gets a torch.dtype from the getattr node and raises Unsupported from LOAD_ATTR, so the frame runs eagerly.

scope: part2
expect: 0 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def scale_for_accumulation(p):
    if p.grad_dtype == torch.float32:
        return p * 0.5
    return p


out = torch.compile(scale_for_accumulation, backend="eager")(torch.randn(3, requires_grad=True))
print(tuple(out.shape), round(out.sum().item(), 4))
