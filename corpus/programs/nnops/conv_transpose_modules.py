"""ConvTranspose1d / ConvTranspose2d modules, with and without output_size: their
_output_padding goes through torch.nn.modules.utils._single / _pair, which Dynamo
treats as in-graph functions it folds (TorchInGraphFunctionVariable._call_ntuple).

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

up1 = nn.ConvTranspose1d(3, 2, 3, stride=2)
up2 = nn.ConvTranspose2d(2, 4, (3, 2), stride=(2, 1), padding=1)


def fn(x, y):
    a = up1(x)
    b = up2(y, output_size=[10, 4])
    return a.sum() + b.mean()


opt = torch.compile(fn, backend="eager")
print(round(opt(torch.randn(2, 3, 5), torch.randn(1, 2, 5, 5)).item(), 4))
