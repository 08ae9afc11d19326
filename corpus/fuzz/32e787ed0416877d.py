# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: guard missing in core: TENSOR_MATCH L['_']  dtype=torch.floatN device=cpu requires_grad=False size=[N, N] stri
# case seed: 1748687328080746898 (dynrr-fuzz --case-seed 1748687328080746898)
# reason: frame 1 (f) diverges: guard missing in core: TENSOR_MATCH L['z']  dtype=torch.float32 device=cpu requires_grad=False size=[5, 1] stride=[1, 1] guard missing in core: TENSOR_MATCH L['z']  dtype=torch.float32 device=cpu requires_grad=False size=[5, 1] stride=[1, 1] guard extra in core:   TENSOR_MATCH L['z']  dtype=torch.float32 device=cpu requires_grad=False size=[None, 1] stride=[1, 1] 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    return [t0, z], {'f': s}


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
