// program_dynamic.cpp — the dynamic fuzz family's statements (issue 16): sizes read,
// used in views, factories, arithmetic, branches and slices, printed by the Printer of
// program_printer.h.
#include "fuzz/program_printer.h"

namespace dynrr::fuzz::printer_detail {

void Printer::emitDynamic(const Stmt& s) {
  static const DynPattern kRead[] = {
      {DynOut::kSize, "{s} = {A}.shape[0]"},  {DynOut::kSize, "{s} = {A}.size(0)"},
      {DynOut::kSize, "{s} = len({A})"},      {DynOut::kSize, "{s} = {A}.size()[0]"},
      {DynOut::kSize, "{s} = {A}.shape[-2]"}, {DynOut::kSize, "{s} = {A}.numel() // {d}"},
      {DynOut::kSize, "{s}, _ = {A}.shape"},
  };
  static const DynPattern kView[] = {
      {DynOut::kB4, "{t} = {W}.reshape({b} * 2, 2).reshape({b}, 4)"},
      {DynOut::kB4, "{t} = {W}.view(-1).view({b}, -1)"},
      {DynOut::kB1, "{t} = {W}.reshape(-1, 2).sum(-1).reshape({b}, 2).sum(-1, keepdim=True)"},
      {DynOut::kB1, "{t} = {W}.view({b}, 2, 2).sum(-1).mean(-1, keepdim=True)"},
      {DynOut::kA, "{t} = {A}.reshape({b}, -1)"},
      {DynOut::kB4, "{t} = {W}.unsqueeze(0).expand(2, {b}, 4).sum(0)"},
      {DynOut::kB4, "{t} = {W}.flatten().reshape({b}, 4)"},
      {DynOut::kB4, "{t} = {W}.reshape({b} * 4).view(-1, 4)"},
  };
  static const DynPattern kFactory[] = {
      {DynOut::kA, "{t} = torch.ones({b}, 1) * {A}"},
      {DynOut::kB4, "{t} = torch.zeros({b}, 4) + {A}"},
      {DynOut::kB1, "{t} = torch.arange({b}).float().unsqueeze(-1)"},
      {DynOut::kA, "{t} = torch.arange({b} * 2).view({b}, 2).float().sum(-1, keepdim=True) + {A}"},
      {DynOut::kB4, "{t} = torch.full(({b}, 4), 0.5) * {A}"},
      {DynOut::kA, "{t} = torch.ones_like({A}) * {b}"},
      {DynOut::kB1, "{t} = {A}.new_zeros({b}, 1) + {A}.sum(-1, keepdim=True)"},
      // These two specialise B (one graph per size): under mark_dynamic, which would
      // raise, they print as their second form.
      {DynOut::kScalar, "{t} = torch.arange(0, {b}, 2).float().sum()",
       "{t} = torch.arange(1, {b} + 1).float().mean()"},
      {DynOut::kB1, "{t} = torch.linspace(0, 1, {b}).unsqueeze(-1)",
       "{t} = (torch.arange({b}).float() / {b}).unsqueeze(-1)"},
  };
  static const DynPattern kArith[] = {
      {DynOut::kT, "{t} = {T} * {b}"},
      {DynOut::kT, "{t} = {T} / ({b} * 2)"},
      {DynOut::kT, "{t} = {T} + {b} * {I}"},
      {DynOut::kT, "{t} = {T} * ({b} // 2)"},
      {DynOut::kT, "{t} = {T} - {b} % 3"},
      {DynOut::kInt, "{i} = ({b} * 2 + {I}) % 7"},
      {DynOut::kT, "{t} = {T} * float({b})"},
      {DynOut::kT, "{t} = ({T} * {b} + 1) / ({b} + 1)"},
      {DynOut::kT, "{t} = {T} * ({b} * {b} - {b})"},
      {DynOut::kT, "{t} = {T} * max({b}, 4)"},
  };
  static const DynPattern kBranch[] = {
      {DynOut::kT, "if {b} > 4:\n>{t} = {T} * 2\nelse:\n>{t} = {T} + 1"},
      {DynOut::kT, "if {A}.shape[0] >= 5:\n>{t} = {T} - 1\nelse:\n>{t} = {T} * 0.5"},
      {DynOut::kT, "if {b} * 2 > 8:\n>{t} = {T}.sin()\nelse:\n>{t} = {T}.cos()"},
      {DynOut::kT, "if {b} % 2 == 0:\n>{t} = {T} + 2\nelse:\n>{t} = {T} - 2"},
      {DynOut::kT, "if {A}.size(0) == {b}:\n>{t} = {T} * 3\nelse:\n>{t} = {T}"},
      {DynOut::kT, "if {b} < 4 or {b} > 6:\n>{t} = {T} + 0.5\nelse:\n>{t} = {T} * 4"},
      {DynOut::kT, "{t} = {T} * 2 if {b} > 3 else {T} - 1"},
  };
  static const DynPattern kSlice[] = {
      {DynOut::kRow, "{t} = {A}[:{b} // 2].sum(0)"},
      {DynOut::kRow, "{t} = {A}[{b} - 1]"},
      {DynOut::kRow, "{t} = {A}[1:].mean(0)"},
      {DynOut::kA, "{t} = torch.cat([{A}, {A}])[:{b}]"},
      {DynOut::kA, "{t} = {A}[:{b}]"},
      {DynOut::kRow1, "{t} = {A}[::2].sum(0, keepdim=True)"},
      {DynOut::kRow1, "{t} = {A}[-1:] + {A}[:1]"},
      {DynOut::kRow, "{t} = {A}.narrow(0, 0, {b} - 1).sum(0)"},
      {DynOut::kB1, "{t} = {A}[:, :1] * {A}[:{b}, -1:]"},
      {DynOut::kRow, "{t} = {A}.chunk(2)[0].sum(0)"},
  };
  static const DynPattern kReduce[] = {
      {DynOut::kAT, "{t} = torch.sin({A}) + {T}"},
      {DynOut::kRow, "{t} = {A}.sum(0)"},
      {DynOut::kRow1, "{t} = {A}.mean(0, keepdim=True)"},
      {DynOut::kB1, "{t} = {A}.sum(-1, keepdim=True)"},
      {DynOut::kA, "{t} = torch.softmax({A}, dim=0)"},
      {DynOut::kA, "{t} = {A} - {A}.mean(0)"},
      {DynOut::kRow, "{t} = {A}.amax(0) + {A}.amin(0)"},
      {DynOut::kRow, "{t} = {A}.var(0)"},
      {DynOut::kA, "{t} = torch.cumsum({A}, dim=0)"},
      {DynOut::kScalar, "{t} = ({A} * {A}).sum() / {A}.numel()"},
      {DynOut::kRow, "{t} = torch.relu({A}).max(dim=0).values"},
      {DynOut::kAT, "{t} = torch.where({A} > 0, {A}, {T})"},
  };
  static const DynPattern kMatmul[] = {
      {DynOut::kB1, "{t} = ({W} @ {W}.t()).sum(-1, keepdim=True)"},
      {DynOut::kB4, "{t} = {W} @ torch.ones(4, 4)"},
      {DynOut::kFour, "{t} = ({W}.t() @ {W}).sum(0)"},
      {DynOut::kA, "{t} = torch.mm({W}, {W}.t()) @ {A}"},
      {DynOut::kB1, "{t} = torch.matmul({W}, y).unsqueeze(-1)"},
      {DynOut::kFour, "{t} = torch.einsum('bi,bj->ij', {W}, {W}).sum(-1)"},
      {DynOut::kB4, "{t} = F.linear({W}, torch.eye(4))"},
      {DynOut::kB1, "{t} = torch.bmm({W}.unsqueeze(1), {W}.unsqueeze(2)).view({b}, 1)"},
  };
  static const DynPattern kIntArg[] = {
      {DynOut::kA, "{t} = {A} * n + {b}"},
      {DynOut::kB1, "{t} = torch.ones({b}, n + 1).sum(-1, keepdim=True)"},
      {DynOut::kB1, "{t} = {A}.repeat(1, n + 1).sum(-1, keepdim=True)"},
      {DynOut::kT, "{t} = {T}\nfor j in range(n):\n>{t} = {t} * 0.5 + j"},
      {DynOut::kT, "{t} = {T} if n > 2 else {T} * 2"},
      {DynOut::kScalar, "{t} = torch.arange(n + {b}).float().sum() / (n + 1)"},
      {DynOut::kT, "{t} = {T} * (n * {b} % 5)"},
      {DynOut::kInt, "{i} = (n * 2 + {b}) % 7"},
  };
  struct Table {
    const DynPattern* rows;
    size_t size;
  };
  auto table = [&]() -> Table {
    switch (s.kind) {
      case StmtKind::kSizeRead: return {kRead, std::size(kRead)};
      case StmtKind::kSizeView: return {kView, std::size(kView)};
      case StmtKind::kSizeFactory: return {kFactory, std::size(kFactory)};
      case StmtKind::kSizeArith: return {kArith, std::size(kArith)};
      case StmtKind::kSizeBranch: return {kBranch, std::size(kBranch)};
      case StmtKind::kSizeSlice: return {kSlice, std::size(kSlice)};
      case StmtKind::kDynReduce: return {kReduce, std::size(kReduce)};
      case StmtKind::kDynMatmul: return {kMatmul, std::size(kMatmul)};
      default: return {kIntArg, std::size(kIntArg)};
    }
  }();
  const DynPattern& row = table.rows[static_cast<size_t>(at(s, 2)) % table.size];
  const DynSchedule& sched = kDynSchedules[p_.dyn % kDynScheduleCount];
  const char* text = row.marked && sched.mark ? row.marked : row.text;
  const TensorVar a = batched(at(s, 0), false);
  const TensorVar w = batched(at(s, 3), true);
  const TensorVar t = tensor(at(s, 1));
  const int d = a.shape[1];
  Subst x;
  x.set("{A}", a.name);
  x.set("{W}", w.name);
  x.set("{T}", t.name);
  x.set("{b}", sizeVar(at(s, 3)));
  x.set("{I}", intVar(at(s, 1)));
  x.set("{d}", std::to_string(d));
  Shape shape;
  switch (row.out) {
    case DynOut::kA: shape = a.shape; break;
    case DynOut::kAT: shape = broadcast(a.shape, t.shape); break;
    case DynOut::kT: shape = t.shape; break;
    case DynOut::kB4: shape = {kDynDim, 4}; break;
    case DynOut::kB1: shape = {kDynDim, 1}; break;
    case DynOut::kRow: shape = {d}; break;
    case DynOut::kRow1: shape = {1, d}; break;
    case DynOut::kScalar: break;
    case DynOut::kFour: shape = {4}; break;
    case DynOut::kSize: {
      std::string name = fresh("b");
      x.set("{s}", name);
      emitLines(x(text));
      sizes_.push_back(name);
      return;
    }
    case DynOut::kInt: {
      std::string name = fresh("i");
      x.set("{i}", name);
      emitLines(x(text));
      ints_.push_back(name);
      return;
    }
  }
  x.set("{t}", newTensor(shape));
  emitLines(x(text));
}

}  // namespace dynrr::fuzz::printer_detail
