// program_hops.cpp — the hops fuzz family's statements (issue 17): torch.cond,
// torch._higher_order_ops.while_loop / map / wrap, torch.utils.checkpoint and
// torch.func.vmap (nested too) / grad / grad_and_value (and vmap of grad, grad of vmap) and
// pytree.tree_map over the tensors of the pool, printed by the Printer of program_printer.h. Every
// pattern is one Dynamo captures (no graph break, no UncapturedHigherOrderOpError: the oracle
// counts an exception as a finding): the loops end (a counter, or a sum that grows), bodies return
// new tensors of the carried shapes, nothing is mutated inside a subgraph, and a map body reads no
// tensor that is also mapped or passed (its inputs would alias).
#include "fuzz/program_printer.h"

namespace dynrr::fuzz::printer_detail {

void Printer::emitHops(const Stmt& s) {
  const TensorVar a = tensor(at(s, 0));
  const TensorVar b = tensor(at(s, 1));
  const int k = at(s, 2);
  // A tensor with a leading dim to map over (x always qualifies).
  std::vector<const TensorVar*> mappable;
  for (const auto& t : tensors_)
    if (!t.shape.empty()) mappable.push_back(&t);
  const TensorVar m = *mappable[static_cast<size_t>(at(s, 3)) % mappable.size()];
  Subst x;
  x.set("{A}", a.name);
  x.set("{B}", b.name);
  x.set("{M}", m.name);
  x.set("{K}", std::to_string(1 + at(s, 3) % 3));
  x.set("{n}", std::to_string(counter_));
  const Shape ab = broadcast(a.shape, b.shape);
  // Defines {t} (and {u}) of the given shapes, and {c} (a counter, not pooled).
  auto out = [&](const char* text, const Shape& t, const Shape* u = nullptr) {
    x.set("{t}", newTensor(t));
    if (u) x.set("{u}", newTensor(*u));
    x.set("{c}", fresh("c"));
    emitLines(x(text));
  };
  switch (s.kind) {
    case StmtKind::kHopWhileLoop:
      switch (k % 5) {
        case 0:
          out("{t}, = while_loop(lambda v: v.sum() < {K}, lambda v: (v + 1.0,), ({A},))", a.shape);
          break;
        case 1:
          out("{c}, {t} = while_loop(lambda i, v: i < {K}, lambda i, v: (i + 1, v * 0.5 + "
              "{B}.mean()), (torch.zeros((), dtype=torch.int64), {A}))",
              a.shape);
          break;
        case 2:
          out("{c}, {t}, {u} = while_loop(lambda i, v, w: i < {K}, lambda i, v, w: (i + 1, v + "
              "w.abs(), w.cos()), (torch.tensor(0), {A}, {A} * 0 + {B}.sum()))",
              a.shape, &a.shape);
          break;
        case 3:
          out("{t}, = while_loop(lambda v: v.sum() < {B}.abs().sum() + {K}, lambda v: (v + "
              "{B}.abs().mean() + 0.1,), ({A},))",
              a.shape);
          break;
        default:
          out("{c}, ({t}, [{u}]) = while_loop(lambda i, p: i < {K}, lambda i, p: (i + 1, "
              "(p[0] * 0.5, [p[1][0] + 1])), (torch.tensor(0), ({A}, [{B}])))",
              a.shape, &b.shape);
      }
      break;
    case StmtKind::kHopMap:
      switch (k % 5) {
        case 0: out("{t} = map_hop(lambda r: r.sin() * 2 + 1, {M})", m.shape); break;
        case 1: out("{t} = map_hop(lambda r, w: r * w.mean(), {M}, {B} + 0)", m.shape); break;
        case 2: out("{t} = map_hop(lambda p: p[0] + p[1].cos(), ({M}, {M} * 2))", m.shape); break;
        case 3: out("bs{n} = {B}.sum()\n{t} = map_hop(lambda r: r + bs{n}, {M})", m.shape); break;
        default:
          out("bm{n} = {B}.mean()\n{t}, {u} = map_hop(lambda r: (r + 1, r * bm{n}), {M})", m.shape,
              &m.shape);
      }
      break;
    case StmtKind::kHopCheckpoint:
      switch (k % 4) {
        case 0:
          out("{t} = checkpoint(lambda a, b: (a * b).relu(), {A}, {B}, use_reentrant=False)", ab);
          break;
        case 1:
          out("def blk{n}(a):\n>return a.sin() + {B}\n{t} = checkpoint(blk{n}, {A}, "
              "use_reentrant=False)",
              ab);
          break;
        case 2:
          out("{t}, {u} = checkpoint(lambda a: (a + 1, a * 2), {A}, use_reentrant=False)", a.shape,
              &a.shape);
          break;
        default:
          out("{t} = checkpoint(lambda a, scale=1.0: a * scale, {A}, use_reentrant=False, "
              "scale={K})",
              a.shape);
      }
      break;
    case StmtKind::kHopWrap:
      switch (k % 4) {
        case 0: out("{t} = wrap(lambda a: a * {B} + 1, {A})", ab); break;
        case 1: out("{t} = wrap(lambda a, b: a.cos() - b, {A}, {B})", ab); break;
        case 2: out("{t} = wrap(lambda a: wrap(lambda q: q.exp() * {B}, a) + 1, {A})", ab); break;
        default: out("{t}, {u}, {c} = wrap(lambda a: (a, a * 2, 3), {A})", a.shape, &a.shape);
      }
      break;
    case StmtKind::kHopVmap: {
      // torch.func.vmap / torch.vmap over the leading dim of {M} (or dim 1 when it has
      // two dims or more), in forms Dynamo inlines without a break: a closure over a free
      // tensor, an unbatched argument, out_dims, two outputs, randomness="same".
      // Results keep {M}'s shape (the pool's shapes broadcast with each other): a vmap
      // over dim 1 puts the batch dim back with out_dims=1 or movedim.
      const Shape& rows = m.shape;
      const bool twoDims = m.shape.size() >= 2;
      switch (k % 12) {
        case 0: out("{t} = torch.func.vmap(lambda r: r.sin() * 2 + 1)({M})", rows); break;
        case 1:
          out("{t} = torch.vmap(lambda r, w: r * w + 1, in_dims=(0, None))({M}, {M}[0] * 0.5)",
              rows);
          break;
        case 2:
          out(twoDims ? "{t} = torch.func.vmap(lambda r: r.cos() - r.mean(), in_dims=1, "
                        "out_dims=1)({M})"
                      : "{t} = torch.func.vmap(lambda r: r.cos() - 1, out_dims=0)({M})",
              rows);
          break;
        case 3:
          out(twoDims ? "{t} = torch.vmap(lambda c: c - c.sum(), in_dims=1)({M}).movedim(0, 1)"
                      : "{t} = torch.vmap(lambda c: c.abs() + 1)({M})",
              rows);
          break;
        case 4:
          out("{t}, {u} = torch.func.vmap(lambda r: (r.tanh(), r * 3), out_dims=(0, 0))({M})", rows,
              &rows);
          break;
        case 5:
          out("{t} = torch.func.vmap(lambda r: r.exp() - 1, randomness=\"same\")({M})", rows);
          break;
        case 6:
          out("bs{n} = {B}.mean()\n{t} = torch.func.vmap(lambda r: r * bs{n} + r)({M})", rows);
          break;
        // The other functorch transform Dynamo inlines, and pytree's tree_map (its fast
        // path): a gradient of the input's shape, a gradient and a 0-d value.
        // One time in four each, nested transforms instead: per-example gradients (vmap of
        // grad, the weight unbatched) and the gradient of a function calling vmap over {M},
        // scaled back to {M}'s shape.
        case 7:
          if (at(s, 3) % 4 == 2)
            out(twoDims
                    ? "{t} = torch.func.vmap(torch.func.grad(lambda w, r: (r * w).sin().sum()), "
                      "in_dims=(None, 0))({M}[0] * 0.5, {M})"
                    : "{t} = torch.func.vmap(torch.func.grad(lambda w, r: (r * w).sin()), "
                      "in_dims=(None, 0))({M}[0] * 0.5, {M})",
                rows);
          else if (at(s, 3) % 4 == 3)
            out("{t} = {M} * torch.func.grad(lambda w: torch.func.vmap(lambda r: (r * w).tanh())"
                "({M}).sum())({M}[0] * 0.5)",
                rows);
          else
            out("{t} = torch.func.grad(lambda r: (r.sin() * 2).sum())({A})", a.shape);
          break;
        case 8: {
          const Shape scalar;
          out("{t}, {u} = torch.func.grad_and_value(lambda r, w: (r * w).tanh().sum())({A}, {B})",
              a.shape, &scalar);
          break;
        }
        case 9:
          out("{t} = torch.utils._pytree.tree_map(lambda v: v * 2 + 1, ({A}, [{B}]))[1][0] + {A}",
              ab);
          break;
        // Nested vmap levels over {M}'s first two dims (one level when it has one dim), and
        // grad through a constant scale and full reductions (gradients that do not require
        // grad at the grad level; sum's expanded gradient, made contiguous: a while_loop
        // carrying it would see its body change the strides, an UncapturedHigherOrderOpError).
        case 10:
          out(twoDims ? "{t} = torch.func.vmap(torch.func.vmap(lambda e: e.sin() * 2 + {K}))({M})"
                      : "{t} = torch.func.vmap(lambda e: e.cos() * {K})({M})",
              rows);
          break;
        default:
          out(at(s, 3) % 2 ? "{t} = torch.func.grad(lambda r: (r * {K}).sum() + r.mean())({A})"
                           : "{t} = torch.func.grad(lambda r: r.sum() * {K})({A}).contiguous()",
              a.shape);
      }
      break;
    }
    default:
      switch (k % 3) {
        case 0:
          out("{t} = torch.cond({A}.sum() > 0, lambda a: a + 1, lambda a: a - 1, ({A},))", a.shape);
          break;
        case 1:
          out("{t} = torch.cond({A}.mean() > {B}.mean(), lambda a, b: a * b, lambda a, b: a + b, "
              "({A}, {B}))",
              ab);
          break;
        default:
          out("{t} = torch.cond({A}.sum() > {K}, lambda a: a.sin() + {B}, lambda a: a.cos() * "
              "{B}, ({A},))",
              ab);
      }
  }
}

}  // namespace dynrr::fuzz::printer_detail
