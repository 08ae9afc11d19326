"""Training idiom: a whole training step compiled (forward, loss, opt.zero_grad(),
loss.backward(), opt.step()) with AdamW: Dynamo's OptimizerVariable, the graph
break at backward() and the resume frames.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)


@torch.compile(backend="eager")
def train_step(x, y):
    opt.zero_grad(set_to_none=True)
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    return loss


for step in range(3):
    x = torch.randn(4, 8)
    y = torch.randint(0, 2, (4,))
    print(step, round(train_step(x, y).item(), 4))
