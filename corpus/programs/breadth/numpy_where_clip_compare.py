"""ndarray comparisons (numpy_operator_wrapper: wrapped_gt ...), np.where of them, np.clip with a_min / a_max (patch_args renames them), comparison ufuncs.
scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import numpy as np
import torch
torch.manual_seed(0)
def fn(x):
    a = x.numpy()
    pos = np.where(a > 0, a, 0.0)
    small = np.where(np.less(a, -0.5), -1.0, a)
    c1 = np.clip(a, -0.5, 0.5)
    c2 = np.clip(a, a_min=-0.25, a_max=0.75)
    eq = np.equal(a, a) == (a <= 0.0)
    ge = np.greater_equal(a, 0.1)
    return torch.from_numpy(pos + small + c1 * c2), torch.from_numpy(eq), torch.from_numpy(ge)
opt = torch.compile(fn, backend="eager")
outs = opt(torch.randn(3, 4))
print([tuple(o.shape) for o in outs], [o.dtype for o in outs])
