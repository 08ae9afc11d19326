// symbolic_reshape — mirrors torch/_refs/__init__.py `_reshape_view_helper` and
// `_reshape_view_helper_core_alg`, with torch/_prims_common/__init__.py `infer_size` and
// the size checks of torch/_prims/__init__.py `_collapse_view_helper` / `_split_dim_meta`,
// on size expressions: the meta function of view / reshape under dynamic shapes. Each
// comparison on SymInts there is a Python `if` (guard_bool) or a torch._check, evaluated
// by ShapeEnv.evaluate_expr on the hints: a guard unless the ranges decide it.
// Only a contiguous input is modelled (is_contiguous_or_false true, every flatten a view,
// the strides its sizes' products).
#include "core/tracer/symbolic_reshape.h"

#include <algorithm>
#include <set>
#include <utility>

#include "core/tracer/derived_sizes.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

namespace {

using symbolic::Expr;
using symbolic::Relation;
using symbolic::RelOp;

// The comparisons of one view / reshape, as Dynamo's fake tensor decides them: the shape
// env's evaluate (a guard unless the ranges decide it), or a unification of two symbols.
// A unification found after a relation between one of the two symbols and a third size
// was evaluated (a guard, unless the ranges decided it) is a gap: Dynamo keeps that guard as it was
// made (s27*s77 == 4*s68, then s77 made s68), where the replay with the two shared from the start
// would solve it (s27 = 4).
struct Decider {
  TracingContext& ctx;
  std::vector<std::set<std::string>> guarded;  // free symbols of the relations evaluated
  std::string gap;

  bool operator()(const Relation& asked) {
    auto& env = ctx.output.shapeEnv();
    // Python's `2 == s` on an int and a SymInt is the reflected SymInt.__eq__: Eq(s, 2)
    // (printed `s != 2`, `(s // 2) == 2`); `1 < s` is Gt(s, 1).
    Relation rel = asked;
    if (rel.lhs.isConstant() && !rel.rhs.isConstant()) {
      static constexpr RelOp kMirror[] = {RelOp::kEq, RelOp::kNe, RelOp::kGt,
                                          RelOp::kGe, RelOp::kLt, RelOp::kLe};
      rel = {asked.rhs, kMirror[static_cast<int>(asked.op)], asked.lhs};
    }
    if (auto pair = unifiedBy(ctx, rel)) {
      std::vector<std::set<std::string>> related = guarded;
      for (const auto& g : env.guards()) {  // those of earlier ops too
        auto free = env.replace(g.lhs - g.rhs).freeSymbols();
        related.emplace_back(free.begin(), free.end());
      }
      for (const auto& symbols : related) {
        bool touches = symbols.count(pair->first) || symbols.count(pair->second);
        bool third = std::any_of(symbols.begin(), symbols.end(), [&](const std::string& s) {
          return s != pair->first && s != pair->second;
        });
        if (touches && third && gap.empty())
          gap = "the symbols " + pair->first + " and " + pair->second +
                " found equal after a guard relating one of them to another size was made "
                "(Dynamo keeps that guard as made; a replay with them shared from the start "
                "would solve it)";
      }
      if (gap.empty()) {  // else no replay with them shared: the frame is refused
        ctx.unifyRequests.insert(*pair);
        ctx.unifyTimes.emplace(*pair, ctx.output.graph().size());
      }
      return rel.op == RelOp::kEq;
    }
    // Recorded whether or not this call made the guard (specialiseOnViewNumel may have
    // made it just before, or the ranges decide it): a conservative test.
    std::set<std::string> symbols;
    for (const auto& s : env.replace(rel.lhs - rel.rhs).freeSymbols()) symbols.insert(s);
    guarded.push_back(std::move(symbols));
    const bool value = env.evaluate(rel);
    return value;
  }
};

// The product of `sizes` (in order, as reduce(operator.mul) builds it); none when sympy
// would keep it unexpanded.
std::optional<Expr> product(const std::vector<Expr>& sizes) {
  Expr p(1);
  for (const auto& s : sizes) {
    if (Expr::productStaysUnexpanded(p, s)) return std::nullopt;
    p = p * s;
  }
  return p;
}

Error notModelled(const std::string& op, const std::string& what) {
  return unsupported("dynamic shapes: " + op + " on symbolic sizes: " + what + " (not modelled)");
}

// prims._collapse_view_helper's stride scan over dims [start, end] of a contiguous
// tensor: `shape[idx] != 1` and min(stride, strides[idx]) compare SymInts.
void collapseChecks(Decider& decide, const std::vector<Expr>& cur, size_t start, size_t end) {
  std::vector<Expr> strides(cur.size(), Expr(1));
  for (size_t i = cur.size(); i-- > 1;) strides[i - 1] = strides[i] * cur[i];
  Expr stride = strides[end];
  for (size_t idx = end; idx-- > start;) {
    if (decide({cur[idx], RelOp::kNe, Expr(1)}) && decide({strides[idx], RelOp::kLt, stride}))
      stride = strides[idx];
  }
}

// _reshape_view_helper_core_alg on the sizes of a contiguous tensor: the result's sizes.
Expected<std::vector<Expr>> coreAlgorithm(Decider& decide, const std::string& op,
                                          std::vector<Expr> cur, const std::vector<Expr>& shape) {
  auto& env = decide.ctx.output.shapeEnv();
  size_t idx = 0;
  for (const Expr& length : shape) {
    if (idx >= cur.size()) {  // a tail unsqueeze: split_dim(last, its length)
      if (decide({length, RelOp::kNe, Expr(1)}))
        return notModelled(op, "a tail dim of length " + length.str() + " (the meta raises)");
      cur.push_back(Expr(1));
      ++idx;
      continue;
    }
    if (decide({length, RelOp::kEq, cur[idx]})) {
      ++idx;
      continue;
    }
    Expr accum = cur[idx];
    size_t end = idx;
    for (;;) {
      auto rem = Expr::mod(accum, length, false, &env);
      if (!rem) return notModelled(op, "the remainder " + accum.str() + " % " + length.str());
      if (!decide({*rem, RelOp::kNe, Expr(0)})) break;
      if (++end >= cur.size())
        return notModelled(op,
                           "no run of dims divisible by " + length.str() + " (the meta raises)");
      if (Expr::productStaysUnexpanded(accum, cur[end]))
        return notModelled(op, "a product of a sum, which sympy keeps unexpanded");
      accum = accum * cur[end];
    }
    if (end != idx) {  // flatten(a_, idx, end): a view of a contiguous tensor
      collapseChecks(decide, cur, idx, end);
      cur.erase(cur.begin() + static_cast<std::ptrdiff_t>(idx) + 1,
                cur.begin() + static_cast<std::ptrdiff_t>(end) + 1);
      cur[idx] = accum;
    }
    if (decide({accum, RelOp::kNe, length})) {  // split_dim(a_, idx, length)
      auto inner = Expr::floorDiv(accum, length, &env);
      if (!inner) return notModelled(op, "the quotient " + accum.str() + " // " + length.str());
      cur[idx] = length;
      cur.insert(cur.begin() + static_cast<std::ptrdiff_t>(idx) + 1, *inner);
    }
    ++idx;
  }
  while (idx < cur.size()) {  // the tail squeezes: torch._check(a_.shape[idx] == 1)
    if (!decide({cur[idx], RelOp::kEq, Expr(1)}))
      return notModelled(op, "a tail dim " + cur[idx].str() + " that is not 1 (the meta raises)");
    cur.erase(cur.begin() + static_cast<std::ptrdiff_t>(idx));
  }
  return cur;
}

// infer_size(shape, numel): the -1 replaced by numel // newsize, after its checks.
Status inferSize(Decider& decide, const std::string& op, std::vector<Expr>& shape,
                 std::optional<size_t> inferred, const Expr& numel) {
  auto& env = decide.ctx.output.shapeEnv();
  std::vector<Expr> known;
  for (size_t i = 0; i < shape.size(); ++i)
    if (i != inferred) known.push_back(shape[i]);
  auto newsize = product(known);
  if (!newsize) return notModelled(op, "a shape whose product sympy keeps unexpanded");
  if (!inferred) {
    if (!decide({numel, RelOp::kEq, *newsize}))
      return notModelled(op, "a numel " + numel.str() + " != " + newsize->str() + " on the hints");
    return Status::success();
  }
  if (!decide({*newsize, RelOp::kNe, Expr(0)}))
    return notModelled(op, "an inferred dim over a zero-size shape");
  auto rem = Expr::mod(numel, *newsize, false, &env);
  if (!rem || !decide({*rem, RelOp::kEq, Expr(0)}))
    return notModelled(op, "the divisibility " + numel.str() + " % " + newsize->str() + " == 0");
  auto q = Expr::floorDiv(numel, *newsize, &env);
  if (!q) return notModelled(op, "the quotient " + numel.str() + " // " + newsize->str());
  decide({*q, RelOp::kGe, Expr(0)});
  shape[*inferred] = *q;
  return Status::success();
}

}  // namespace

std::optional<std::pair<std::string, std::string>> unifiedBy(const TracingContext& ctx,
                                                             const Relation& rel) {
  if (rel.op != RelOp::kEq && rel.op != RelOp::kNe) return std::nullopt;
  const auto& env = ctx.output.shapeEnv();
  const Expr diff = env.replace(rel.lhs) - env.replace(rel.rhs);
  if (diff.terms().size() != 2) return std::nullopt;
  std::vector<std::string> names;
  std::vector<int64_t> coefficients;
  for (const auto& [mono, k] : diff.terms()) {
    if (mono.size() != 1 || mono[0].second != 1) return std::nullopt;
    names.push_back(mono[0].first);
    coefficients.push_back(k);
  }
  if (coefficients[0] != -coefficients[1]) return std::nullopt;
  const auto* a = env.symbol(names[0]);
  const auto* b = env.symbol(names[1]);
  if (!a || !b || a->unbacked || b->unbacked || a->isFloat || b->isFloat || a->hint != b->hint)
    return std::nullopt;
  return std::minmax(names[0], names[1]);
}

std::optional<Expected<fake::MetaValue>> symbolicReshape(TracingContext& ctx, const std::string& op,
                                                         const std::vector<fake::MetaArg>& args) {
  if (ctx.symbolBase == 0 || args.size() < 2 ||
      (op != "Tensor.view" && op != "Tensor.reshape" && op != "torch.reshape"))
    return std::nullopt;
  const auto* in = args[0].get<fake::TensorMeta>();
  auto asked = viewShapeArgs(args);
  if (!in || !asked || in->dim() == 0 || asked->empty() || !in->isContiguous()) return std::nullopt;
  auto& env = ctx.output.shapeEnv();
  Decider decide{ctx, {}, ""};
  std::vector<Expr> sizes;
  bool symbolic = false;
  for (int64_t v : in->sizes) {
    auto e = sizeExpr(ctx, v);
    if (!e) return std::nullopt;
    sizes.push_back(env.replace(*e));
    symbolic = symbolic || !sizes.back().isConstant();
  }
  std::optional<size_t> inferred;
  std::vector<Expr> shape;
  for (size_t i = 0; i < asked->size(); ++i) {
    const int64_t v = (*asked)[i];
    if (v == -1 && !inferred) {
      inferred = i;
      shape.emplace_back(0);
      continue;
    }
    auto e = v < 0 ? std::nullopt : sizeExpr(ctx, v);
    if (!e) return std::nullopt;  // a second -1, a negative size: the meta's own error
    shape.push_back(env.replace(*e));
    symbolic = symbolic || !shape.back().isConstant();
  }
  if (!symbolic) return std::nullopt;
  auto numel = product(sizes);
  if (!numel) return notModelled(op, "a numel that sympy keeps unexpanded");
  if (Status s = inferSize(decide, op, shape, inferred, *numel); !s) return s.error();
  if (decide({*numel, RelOp::kEq, Expr(0)})) return notModelled(op, "a tensor of no elements");
  // is_contiguous_or_false(a): numel() < 2, then the strides (equal as expressions).
  decide({*numel, RelOp::kLt, Expr(2)});
  std::vector<Expr> out;
  if (shape.size() == 1 && sizes.size() > 1) {
    out = {*numel};  // nd to 1d: as_strided(a, [numel], [1])
  } else if (shape.size() == 2 && sizes.size() == 1) {
    out = shape;  // 1d to 2d: as_strided(a, [d0, d1], [d1, 1])
  } else {
    auto shapeNumel = product(shape);
    if (!shapeNumel) return notModelled(op, "a shape whose product sympy keeps unexpanded");
    if (!decide({*numel, RelOp::kEq, *shapeNumel}))
      return notModelled(op, "a numel " + numel->str() + " != " + shapeNumel->str());
    auto alg = coreAlgorithm(decide, op, sizes, shape);
    if (!alg) return alg.error();
    out = std::move(*alg);
  }
  if (!decide.gap.empty()) return notModelled(op, decide.gap);
  if (!env.unsupported().empty()) return unsupported("dynamic shapes: " + env.unsupported());
  fake::TensorMeta result = *in;
  result.sizes.clear();
  for (const auto& e : out) {
    const Expr size = env.replace(e);
    auto v = size.isConstant() ? std::optional<int64_t>(size.constant()) : standInValue(ctx, size);
    if (!v || *v < 0) return notModelled(op, "a result size " + size.str() + " without a stand-in");
    // A quotient of symbols at the stand-ins (s77 // s17 is 0 or 1) cannot stand for it.
    if (!size.isConstant() && *v < kSmallestDerivedSize)
      return notModelled(op, "a result size " + size.str() + " whose stand-in value (" +
                                 std::to_string(*v) + ") is too small to stand for it");
    if (Status s = registerDerivedSize(ctx, *v, size); !s) return s.error();
    result.sizes.push_back(*v);
  }
  result.strides = fake::contiguousStrides(result.sizes);
  return Expected<fake::MetaValue>(fake::MetaValue::view(std::move(result), 0));
}

}  // namespace dynrr::tracer
