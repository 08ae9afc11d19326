// derived_sizes.cpp — see derived_sizes.h.
#include "core/tracer/derived_sizes.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_set>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/symbolic_reshape.h"

namespace dynrr::tracer {

using symbolic::Expr;
using symbolic::Relation;
using symbolic::RelOp;

namespace {

// Stand-ins are base + kStandInStep*a_k (standInAt) with bases of 100003 and 200017 (replay.cpp): a
// value this far below one is `s - k` of a slice with constant bounds.
constexpr int64_t kOffsetReach = 50;

std::string_view baseName(std::string_view op) {
  for (std::string_view prefix : {"torch.nn.functional.", "torch.", "Tensor.", "operator."}) {
    if (op.substr(0, prefix.size()) == prefix) return op.substr(prefix.size());
  }
  return op;
}

// Meta functions that test `size == 1` with guard_or_false on every dim of every
// tensor argument: the binary fast path (infer_size), the elementwise references
// (_broadcast_shapes) and the unary ones and the views and copies of a contiguous
// input (check_contiguous_sizes_strides). Each was checked against Dynamo 2.13 on a
// tensor sliced to `s - 1` (one guard `s - 1 != 1`, none other).
bool testsEqOne(std::string_view name) {
  static const std::unordered_set<std::string_view> kNames = {
      "add",     "sub",         "mul",     "truediv",    "div",         "__add__",  "__radd__",
      "__sub__", "__rsub__",    "__mul__", "__rmul__",   "__truediv__", "subtract", "multiply",
      "divide",  "true_divide", "pow",     "__pow__",    "maximum",     "minimum",  "where",
      "eq",      "ne",          "lt",      "le",         "gt",          "ge",       "sin",
      "cos",     "tanh",        "sigmoid", "relu",       "exp",         "log",      "neg",
      "abs",     "sqrt",        "clone",   "contiguous", "to",          "view",     "reshape",
      "flatten", "unsqueeze",   "float",   "double"};
  return kNames.count(name) != 0;
}

// The ops FakeTensorMode runs through fast_binary_impl (aten add / sub / mul / div.Tensor).
bool isFastBinary(std::string_view name) {
  static const std::unordered_set<std::string_view> kNames = {
      "add",         "sub",      "mul",      "truediv", "div",
      "__add__",     "__radd__", "__sub__",  "__mul__", "__rmul__",
      "__truediv__", "subtract", "multiply", "divide",  "true_divide"};
  return kNames.count(name) != 0;
}

// Meta functions checked to guard nothing on a derived size.
bool guardsNothing(std::string_view name) {
  static const std::unordered_set<std::string_view> kNames = {
      "sum", "mean", "t", "softmax", "log_softmax", "cat", "matmul", "mm",
      // torch 2.13's fake sdpa (the CPU backend choice, the flash meta) guards nothing on
      // a derived query or key length, with or without a mask, causal or not.
      "scaled_dot_product_attention", "_C._nn.scaled_dot_product_attention"};
  return kNames.count(name) != 0;
}

void collectTensors(const fake::MetaArg& a, std::vector<const fake::TensorMeta*>& out, int depth) {
  if (const auto* t = a.get<fake::TensorMeta>()) {
    out.push_back(t);
  } else if (const auto* seq = a.get<fake::ArgSeq>(); seq && depth < 4) {
    for (const auto& item : seq->items) collectTensors(item, out, depth + 1);
  }
}

}  // namespace

namespace {
void collectCarried(const TracingContext& ctx, const fake::MetaArg& a, std::set<std::string>& out,
                    int depth);
}  // namespace

bool isDerived(const Expr& e) { return !e.isConstant() && !e.asSymbol(); }

std::optional<int64_t> standInValue(const TracingContext& ctx, const Expr& e) {
  return e.evaluate(ctx.symbolStandIn);
}

int64_t standInAt(int64_t base, size_t k) {
  // The first 128 members (the largest is in the tens of thousands); past them (no frame
  // seen has so many symbols) the stand-ins go on one step apart.
  // Mian-Chowla's sequence (OEIS A005282: each term the least with all pairwise sums,
  // doubles included, distinct), as a table: built with a set of sums at first use it cost
  // 68 million instructions (~17 ms) in every process's first dynamic-shapes frame.
  // StandIns.* checks the Sidon property of the table.
  static constexpr int64_t kSeq[] = {
      1,     2,     4,     8,     13,    21,    31,    45,    66,    81,    97,    123,   148,
      182,   204,   252,   290,   361,   401,   475,   565,   593,   662,   775,   822,   916,
      970,   1016,  1159,  1312,  1395,  1523,  1572,  1821,  1896,  2029,  2254,  2379,  2510,
      2780,  2925,  3155,  3354,  3591,  3797,  3998,  4297,  4433,  4779,  4851,  5123,  5243,
      5298,  5751,  5998,  6374,  6801,  6925,  7460,  7547,  7789,  8220,  8503,  8730,  8942,
      9882,  10200, 10587, 10898, 11289, 11614, 11876, 12034, 12931, 13394, 14047, 14534, 14901,
      15166, 15688, 15972, 16619, 17355, 17932, 18845, 19071, 19631, 19670, 20722, 21948, 22526,
      23291, 23564, 23881, 24596, 24768, 25631, 26037, 26255, 27219, 28566, 29775, 30094, 31311,
      32217, 32620, 32912, 34277, 35330, 35469, 36204, 38647, 39160, 39223, 39943, 40800, 41882,
      42549, 43394, 44879, 45907, 47421, 47512, 48297, 50064, 50902, 52703, 52764};
  static constexpr size_t kSeqSize = sizeof(kSeq) / sizeof(kSeq[0]);
  const int64_t a =
      k < kSeqSize ? kSeq[k] : kSeq[kSeqSize - 1] + static_cast<int64_t>(k - kSeqSize + 1);
  return base + kStandInStep * a;
}

std::optional<Expr> sizeExpr(const TracingContext& ctx, int64_t v) {
  if (ctx.symbolBase == 0) return Expr(v);
  if (auto it = ctx.symbolByStandIn.find(v); it != ctx.symbolByStandIn.end())
    return Expr::symbol(it->second);
  if (ctx.ambiguousStandIns.count(v)) return std::nullopt;
  if (auto it = ctx.derivedByStandIn.find(v); it != ctx.derivedByStandIn.end())
    return ctx.output.shapeEnv().replace(it->second);
  auto above = ctx.symbolByStandIn.upper_bound(v);
  // (above->first - v < kOffsetReach, without overflowing for a hostile v near INT64_MIN)
  if (above != ctx.symbolByStandIn.end() && v > above->first - kOffsetReach)
    return ctx.output.shapeEnv().replace(Expr::symbol(above->second) - Expr(above->first - v));
  if (v >= ctx.symbolBase - 1000) return std::nullopt;
  return Expr(v);
}

std::optional<Expr> computeSliceIndexGuarded(TracingContext& ctx, const Expr& size,
                                             const Expr& idx);

std::optional<int64_t> specialisedSize(const TracingContext& ctx, int64_t v) {
  if (ctx.symbolBase == 0 || v < ctx.symbolBase - 1000) return std::nullopt;
  auto e = sizeExpr(ctx, v);
  if (!e) return std::nullopt;
  Expr r = ctx.output.shapeEnv().replace(*e);
  if (!r.isConstant()) return std::nullopt;
  return r.constant();
}

bool hasConstantReplacement(const TracingContext& ctx) {
  if (ctx.symbolBase == 0) return false;
  for (const auto& [symbol, e] : ctx.output.shapeEnv().replacements())
    if (e.isConstant()) return true;
  return false;
}

bool specialiseMeta(const TracingContext& ctx, fake::TensorMeta& m) {
  bool changed = false;
  auto fix = [&](int64_t& v) {
    if (auto c = specialisedSize(ctx, v)) {
      v = *c;
      changed = true;
    }
  };
  for (auto& v : m.sizes) fix(v);
  for (auto& v : m.strides) fix(v);
  fix(m.storageOffset);
  return changed;
}

void specialiseMetaArg(const TracingContext& ctx, fake::MetaArg& a, int depth) {
  if (depth > 16) return;
  if (auto* t = std::get_if<fake::TensorMeta>(&a.value)) {
    specialiseMeta(ctx, *t);
  } else if (auto* i = std::get_if<int64_t>(&a.value)) {
    if (auto c = specialisedSize(ctx, *i)) *i = *c;
  } else if (auto* seq = std::get_if<fake::ArgSeq>(&a.value)) {
    for (auto& item : seq->items) specialiseMetaArg(ctx, item, depth + 1);
  }
}

void specialiseMetaValue(const TracingContext& ctx, fake::MetaValue& v, int depth) {
  if (depth > 16) return;
  if (auto* t = std::get_if<fake::TensorMeta>(&v.value)) {
    specialiseMeta(ctx, *t);
  } else if (auto* seq = std::get_if<fake::ValueSeq>(&v.value)) {
    for (auto& item : seq->items) specialiseMetaValue(ctx, item, depth + 1);
  }
}

Status registerDerivedSize(TracingContext& ctx, int64_t v, const Expr& e) {
  if (ctx.symbolBase == 0 || !isDerived(e)) return Status::success();
  // A value small enough to be a real size (Mod(s77, 3)) is not recorded: where it
  // sizes a tensor it reads as that number, as before.
  if (v < kSmallestDerivedSize && v > -kSmallestDerivedSize) return Status::success();
  if (auto sym = ctx.symbolByStandIn.find(v); sym != ctx.symbolByStandIn.end()) {
    // Max(3, s77) at the stand-ins is s77's stand-in: a tensor sized by it would read
    // as s77.
    if (e.asAtom() && (e.asAtom()->kind == symbolic::AtomKind::kMax ||
                       e.asAtom()->kind == symbolic::AtomKind::kMin))
      return unsupported("dynamic shapes: a size " + e.str() + " whose stand-in is " + sym->second +
                         "'s (Max/Min as sizes are not modelled)");
    ctx.ambiguousStandIns.insert(v);
    return Status::success();
  }
  auto [it, fresh] = ctx.derivedByStandIn.emplace(v, e);
  if (!fresh && it->second != e) ctx.ambiguousStandIns.insert(v);
  return Status::success();
}

std::optional<Expr> computeSliceIndex(TracingContext& ctx, const Expr& size, const Expr& idx) {
  auto& env = ctx.output.shapeEnv();
  const size_t replacements = env.replacementOrder().size();
  auto result = computeSliceIndexGuarded(ctx, size, idx);
  for (size_t i = replacements; i < env.replacementOrder().size(); ++i) {
    const std::string& sym = env.replacementOrder()[i];
    if (env.replace(Expr::symbol(sym)).isConstant())
      env.markUnsupported("a slice bound whose guard fixes " + sym +
                          " to a constant (seen with real Dynamo deciding such a bound without "
                          "a guard: not modelled)");
  }
  return result;
}

std::optional<Expr> computeSliceIndexGuarded(TracingContext& ctx, const Expr& size,
                                             const Expr& idx) {
  auto& env = ctx.output.shapeEnv();
  // `index <= size` as Python evaluates it: an int index against a SymInt size is the
  // reflected SymInt.__ge__ (Ge(size, index), printed "2*s0 >= 5"); a SymInt index keeps
  // its side.
  auto rel = [](const Expr& a, RelOp op, const Expr& b) -> Relation {
    if (!a.isConstant() || b.isConstant()) return {a, op, b};
    switch (op) {
      case RelOp::kLe: return {b, RelOp::kGe, a};
      case RelOp::kGe: return {b, RelOp::kLe, a};
      case RelOp::kLt: return {b, RelOp::kGt, a};
      case RelOp::kGt: return {b, RelOp::kLt, a};
      default: return {b, op, a};
    }
  };
  auto in = env.guardAll({rel(idx, RelOp::kGe, Expr(0)), rel(idx, RelOp::kLe, size)});
  if (!in) return std::nullopt;
  if (*in) return idx;
  auto neg = env.guardAll({rel(idx, RelOp::kLt, Expr(0)), rel(idx, RelOp::kGe, -size)});
  if (!neg) return std::nullopt;
  if (*neg) return idx + size;
  auto below = env.guardAll({rel(idx, RelOp::kLt, -size)});
  if (!below) return std::nullopt;
  if (*below) return Expr(0);
  auto above = env.guardAll({rel(idx, RelOp::kGt, size)});
  if (!above) return std::nullopt;
  if (*above) return size;
  env.markUnsupported("a slice index resolved by sym_min / sym_max (" + idx.str() + ")");
  return std::nullopt;
}

namespace {

// A SymInt argument derived from symbols (narrow's length x.shape[0] - 1) of an op whose
// checks on it are not modelled: refused by name.
Status refuseDerivedIntArgs(const TracingContext& ctx, const std::string& op, std::string_view name,
                            const std::vector<fake::MetaArg>& args) {
  static const std::unordered_set<std::string_view> kTakesDerivedInts = {
      "ones", "zeros", "empty", "full", "rand", "randn", "new_zeros", "new_ones", "new_empty",
      "new_full", "arange", "repeat", "select",
      // checked before (split_sizes.cpp narrowSizeGuards)
      "narrow"};
  if (!testsEqOne(name) && !kTakesDerivedInts.count(name)) {
    std::set<std::string> ints;
    for (const auto& a : args) {
      if (a.get<fake::TensorMeta>()) continue;
      collectCarried(ctx, a, ints, 0);
    }
    if (!ints.empty())
      return unsupported("dynamic shapes: " + op + " with an int argument " + *ints.begin() +
                         " derived from size symbols (the checks its meta function makes on "
                         "it are not modelled)");
  }
  return Status::success();
}

}  // namespace

namespace {
// check_contiguous_sizes_strides' stride tests (guard_or_true(stride != expected),
// then != the product of Max(size, 1)): modelled when the ranges decide each one up to
// the first mismatch, which ends the walk; otherwise refused.
bool strideTestsDecided(const TracingContext& ctx, const fake::TensorMeta& t) {
  const auto& env = ctx.output.shapeEnv();
  Expr expected(1);
  std::optional<Expr> pending;  // the size the expected stride is multiplied by next
  for (size_t i = t.sizes.size(); i-- > 0;) {
    auto size = sizeExpr(ctx, t.sizes[i]);
    if (!size || env.knownValue({*size, RelOp::kGe, Expr(1)}) != true) return false;
    if (env.knownValue({*size, RelOp::kEq, Expr(1)}) == true) continue;
    if (pending) {
      if (Expr::productStaysUnexpanded(expected, *pending)) return false;
      expected = expected * *pending;
    }
    auto stride = sizeExpr(ctx, t.strides[i]);
    if (!stride) return false;
    auto differs = env.knownValue({*stride, RelOp::kNe, expected});
    if (!differs) return false;
    if (*differs) return true;
    pending = *size;
  }
  return true;
}
}  // namespace

Status derivedSizeGuards(InstructionTranslator& tx, const std::string& op,
                         const std::vector<fake::MetaArg>& args) {
  auto& ctx = tx.context();
  if (ctx.symbolBase == 0) return Status::success();
  std::string_view name = baseName(op);
  if (guardsNothing(name)) {
    bool matrices = true;
    std::vector<const fake::TensorMeta*> ts;
    for (const auto& a : args) collectTensors(a, ts, 0);
    for (const auto* t : ts) matrices = matrices && t->sizes.size() == 2;
    if ((name == "matmul" || name == "mm") && !matrices) {
      for (const auto* t : ts)
        for (int64_t v : t->sizes)
          if (auto e = sizeExpr(ctx, v); e && isDerived(*e))
            return unsupported("dynamic shapes: " + op +
                               " of tensors with more than two dims and a size derived from "
                               "size symbols (the guards of its batch broadcasting are not "
                               "modelled)");
    }
    return Status::success();
  }
  if (Status st = refuseDerivedIntArgs(ctx, op, name, args); !st) return st;
  std::vector<const fake::TensorMeta*> tensors;
  for (const auto& a : args) collectTensors(a, tensors, 0);
  auto& env = ctx.output.shapeEnv();
  // Per tensor: its derived sizes whose expression is known, from its last dim to its
  // first (a size whose expression is not known, s0 + s1 from cat, keeps the behaviour
  // the core had before: its guards are not made), and whether the ranges decide
  // `numel() < 2` (every dim >= 1 and one >= 2: bound_sympy of the product; the core's
  // expressions are expanded, so the dims are asked one by one).
  struct Operand {
    const fake::TensorMeta* meta;
    std::vector<Expr> derived;
    bool numelAtLeastTwo = false;
    bool undecided = false;          // a `size == 1` test the ranges do not decide
    bool guardedAtLeastTwo = false;  // its one size was guarded `>= 2` (its == 1 decided)
  };
  std::vector<Operand> operands;
  bool any = false;
  for (const auto* t : tensors) {
    Operand o{t, {}, false, false, false};
    bool allPositive = true, oneAtLeastTwo = false;
    for (size_t i = t->sizes.size(); i-- > 0;) {
      auto e = sizeExpr(ctx, t->sizes[i]);
      if (!e && ctx.ambiguousStandIns.count(t->sizes[i]) &&
          (isFastBinary(name) || testsEqOne(name)))
        return unsupported("dynamic shapes: " + op +
                           " of a tensor with a size two expressions of size symbols reach "
                           "(the guards its meta function makes on it are not modelled)");
      if (!e) {
        allPositive = false;
        continue;
      }
      allPositive = allPositive && env.knownValue({*e, RelOp::kGe, Expr(1)}) == true;
      oneAtLeastTwo = oneAtLeastTwo || env.knownValue({*e, RelOp::kGe, Expr(2)}) == true;
      if (!isDerived(*e)) continue;
      o.derived.push_back(*e);
      o.undecided = o.undecided || !env.knownValue({*e, RelOp::kEq, Expr(1)});
    }
    o.numelAtLeastTwo = allPositive && oneAtLeastTwo;
    any = any || !o.derived.empty();
    operands.push_back(std::move(o));
  }
  if (!any) return Status::success();
  bool fast = isFastBinary(name);
  // Elsewhere a derived size the ranges keep from 1 (2*s50 of a reshape) meets no
  // `size == 1` test that guards: allowed, as sizes the core cannot express are.
  if (!fast && !testsEqOne(name))
    for (const auto& o : operands)
      if (o.undecided)
        return unsupported("dynamic shapes: " + op + " of a tensor with a size (" +
                           o.derived.front().str() +
                           ") derived from size symbols (the guards its meta function makes on "
                           "such sizes are not modelled)");
  // _to_copy (float / double) of a 1-d tensor: _is_non_overlapping_and_dense_or_false's
  // guard_or_false(size < 2) guards `size >= 2` first, which decides the `size == 1`
  // tests after it (checked against Dynamo 2.13 on arange(s - 1).float() and
  // arange(0, s, 2).float(): that one guard).
  if (name == "float" || name == "double") {
    for (auto& o : operands) {
      if (!o.undecided || o.meta->sizes.size() != 1 || o.derived.size() != 1) continue;
      const size_t replacements = env.replacementOrder().size();
      if (env.evaluate({o.derived[0], RelOp::kLt, Expr(2)}))
        return unsupported("dynamic shapes: " + op + " of a 1-d tensor whose derived size " +
                           o.derived[0].str() + " is below 2 on the recorded sizes (not modelled)");
      if (env.replacementOrder().size() != replacements)
        return unsupported("dynamic shapes: " + op + " of a 1-d tensor whose size " +
                           o.derived[0].str() +
                           " guarded >= 2 fixes a symbol (the sizes made then: not modelled)");
      o.undecided = false;
      o.guardedAtLeastTwo = true;
    }
  }
  // The elementwise references' 1-d paths and a `numel() < 2` the ranges leave open
  // outside the binary fast path were not checked against Dynamo: refused.
  if (!fast)
    for (const auto& o : operands)
      if (o.undecided && (o.meta->sizes.size() < 2 || !o.numelAtLeastTwo))
        return unsupported("dynamic shapes: " + op + " of a tensor with a size (" +
                           o.derived.front().str() +
                           ") derived from size symbols and fewer than two dims or elements (the "
                           "guards of its contiguity checks are not modelled)");
  for (const auto& o : operands)
    if (!o.derived.empty() && o.meta->strides.size() == o.meta->sizes.size() &&
        !strideTestsDecided(ctx, *o.meta))
      return unsupported("dynamic shapes: " + op + " of a tensor with a size (" +
                         o.derived.front().str() +
                         ") derived from size symbols whose stride tests in "
                         "check_contiguous_sizes_strides the ranges do not decide (not modelled)");
  auto one = [&](const Expr& e) -> Status {
    if (env.evaluate({e, RelOp::kEq, Expr(1)}))
      return unsupported("dynamic shapes: a size " + e.str() +
                         " derived from size symbols is 1 on the recorded sizes (the "
                         "specialisation its guard makes is not modelled)");
    return Status::success();
  };
  // infer_size / _broadcast_shapes / check_contiguous_sizes_strides: `size == 1`.
  for (const auto& o : operands)
    for (const auto& e : o.derived)
      if (!o.guardedAtLeastTwo)
        if (Status st = one(e); !st) return st;
  if (fast) {
    // fast_binary_impl then asks is_contiguous_for_memory_format_or_false of each
    // operand: guard_or_false(numel() < 2) first (its size == 1 tests were made above).
    for (const auto& o : operands) {
      if (o.numelAtLeastTwo || o.derived.empty()) continue;
      if (o.meta->sizes.size() != 1)
        return unsupported("dynamic shapes: " + op +
                           " of a tensor with a size derived from size symbols whose numel() "
                           "< 2 the ranges leave open (a product guard: not modelled)");
      if (env.evaluate({o.derived[0], RelOp::kLt, Expr(2)}))
        return unsupported("dynamic shapes: " + op + " of a one-element tensor whose size (" +
                           o.derived[0].str() + ") is derived from size symbols (not modelled)");
    }
  }
  if (!env.unsupported().empty()) return unsupported("dynamic shapes: " + env.unsupported());
  return Status::success();
}

namespace {

void collectCarried(const TracingContext& ctx, const fake::MetaArg& a, std::set<std::string>& out,
                    int depth) {
  if (const auto* t = a.get<fake::TensorMeta>()) {
    for (int64_t v : t->sizes)
      if (auto e = sizeExpr(ctx, v); e && isDerived(*e)) out.insert(e->str());
  } else if (const auto* i = a.get<std::int64_t>()) {
    if (auto e = sizeExpr(ctx, *i); e && isDerived(*e)) out.insert(e->str());
  } else if (const auto* seq = a.get<fake::ArgSeq>(); seq && depth < 4) {
    for (const auto& item : seq->items) collectCarried(ctx, item, out, depth + 1);
  }
}

Status checkResult(const TracingContext& ctx, const std::string& op,
                   const std::set<std::string>& carried, const fake::MetaValue& v, int depth) {
  if (v.is<fake::TensorMeta>()) {
    for (int64_t size : v.as<fake::TensorMeta>().sizes) {
      auto e = sizeExpr(ctx, size);
      // A new size the ranges keep from 1 (2*s77) meets no `size == 1` test that guards.
      if (e && isDerived(*e) && !carried.count(e->str()) &&
          !ctx.output.shapeEnv().knownValue({*e, symbolic::RelOp::kEq, Expr(1)}))
        return unsupported("dynamic shapes: " + op + " gives a size " + e->str() +
                           " derived from size symbols, whose meta function's guards are not "
                           "modelled");
    }
  } else if (v.is<fake::ValueSeq>() && depth < 4) {
    for (const auto& item : v.as<fake::ValueSeq>().items)
      if (Status st = checkResult(ctx, op, carried, item, depth + 1); !st) return st;
  }
  return Status::success();
}

}  // namespace

namespace {
// A size a meta function inferred from its inputs' sizes: recorded when it is derived
// (no atoms) and not already known as that expression.
void recordInferredSize(TracingContext& ctx, int64_t v, const Expr& e) {
  if (e.hasAtoms() || !isDerived(e)) return;
  if (auto known = sizeExpr(ctx, v); known && *known == e) return;
  (void)registerDerivedSize(ctx, v, e);
}
}  // namespace

void registerCatSizes(TracingContext& ctx, const std::string& op,
                      const std::vector<fake::MetaArg>& args, const fake::Kwargs& kwargs,
                      const fake::MetaValue& result) {
  if (ctx.symbolBase == 0 || args.empty() || !result.is<fake::TensorMeta>()) return;
  std::string_view name = baseName(op);
  if (name != "cat" && name != "concat" && name != "concatenate") return;
  const auto* seq = args[0].get<fake::ArgSeq>();
  if (!seq) return;
  const auto& out = result.as<fake::TensorMeta>();
  int64_t dim = 0;
  if (args.size() > 1 && args[1].get<std::int64_t>()) dim = *args[1].get<std::int64_t>();
  for (const auto& [key, value] : kwargs)
    if ((key == "dim" || key == "axis") && value.get<std::int64_t>())
      dim = *value.get<std::int64_t>();
  const int64_t rank = out.dim();
  if (dim < 0) dim += rank;
  if (dim < 0 || dim >= rank) return;
  // cat's meta sums the sizes along `dim` (legacy empty 1-d inputs are skipped).
  Expr sum(0);
  for (const auto& item : seq->items) {
    const auto* t = item.get<fake::TensorMeta>();
    if (!t) return;
    if (t->dim() == 1 && t->sizes[0] == 0 && rank != 1) continue;
    if (t->dim() != rank) return;
    auto e = sizeExpr(ctx, t->sizes[static_cast<size_t>(dim)]);
    if (!e) return;
    sum = sum + *e;
  }
  recordInferredSize(ctx, out.sizes[static_cast<size_t>(dim)], sum);
}

// The product of the sizes' expressions in [first, last): none when a size has no
// expression or is -1 (infer_size's other path), or when sympy would keep the product
// unexpanded. Used by view/reshape/flatten's size bookkeeping.
std::optional<Expr> sizeProduct(const TracingContext& ctx, fake::Shape::const_iterator first,
                                fake::Shape::const_iterator last) {
  Expr p(1);
  for (; first != last; ++first) {
    if (*first < 0) return std::nullopt;
    auto e = sizeExpr(ctx, *first);
    if (!e || Expr::productStaysUnexpanded(p, *e)) return std::nullopt;
    p = p * *e;
  }
  return p;
}

std::optional<Expr> sizeProduct(const TracingContext& ctx, const fake::Shape& sizes) {
  return sizeProduct(ctx, sizes.begin(), sizes.end());
}

// The shape a view/reshape asks for, as ints: `x.view(a, b)` or `x.view((a, b))`; none
// when an item is not an int.
std::optional<fake::Shape> viewShapeArgs(const std::vector<fake::MetaArg>& args) {
  fake::Shape shape;
  auto take = [&](const fake::MetaArg& a) {
    const auto* v = a.get<std::int64_t>();
    if (v) shape.push_back(*v);
    return v != nullptr;
  };
  if (const auto* seq = args.size() == 2 ? args[1].get<fake::ArgSeq>() : nullptr) {
    for (const auto& item : seq->items)
      if (!take(item)) return std::nullopt;
  } else {
    for (size_t i = 1; i < args.size(); ++i)
      if (!take(args[i])) return std::nullopt;
  }
  return shape;
}

bool specialiseOnViewNumel(TracingContext& ctx, const std::string& op,
                           const std::vector<fake::MetaArg>& args, const std::string& error) {
  if (ctx.symbolBase == 0 || args.size() < 2 ||
      error.find("is invalid for input of size") == std::string::npos)
    return false;
  std::string_view name = baseName(op);
  if (name != "view" && name != "reshape") return false;
  const auto* in = args[0].get<fake::TensorMeta>();
  if (!in) return false;
  auto shape = viewShapeArgs(args);
  if (!shape) return false;
  auto numel = sizeProduct(ctx, in->sizes);
  auto requested = sizeProduct(ctx, *shape);
  if (!numel || !requested || (numel->isConstant() && requested->isConstant())) return false;
  // infer_size: torch._check(numel == newsize), true on the hints; the equality's
  // replacement (s1 -> 4 for s0*s1 == 4*s0) specialises the sizes the view then sees.
  auto& env = ctx.output.shapeEnv();
  // Two symbols made one (k*a == k*b): symbolicReshape asks for their unification.
  if (unifiedBy(ctx, {*numel, RelOp::kEq, *requested})) return false;
  const size_t replacements = env.replacementOrder().size();
  if (!env.evaluate({*numel, RelOp::kEq, *requested})) return false;
  return env.replacementOrder().size() > replacements;
}

std::string standInFailureGap(const TracingContext& ctx, const std::string& op,
                              const std::vector<fake::MetaArg>& args, const std::string& error) {
  // A gap of the fake layer itself is not the stand-ins' doing.
  if (ctx.symbolBase == 0 || error.find("no meta function") != std::string::npos ||
      error.find("not modelled") != std::string::npos)
    return "";
  auto symbolic = [&](int64_t v) {
    auto e = sizeExpr(ctx, v);
    return e && !e->isConstant();
  };
  bool any = false;
  for (const auto& a : args) {
    if (const auto* t = a.get<fake::TensorMeta>())
      any = any || std::any_of(t->sizes.begin(), t->sizes.end(), symbolic);
    else if (const auto* v = a.get<std::int64_t>())
      any = any || symbolic(*v);
  }
  if (!any) return "";
  std::string_view name = baseName(op);
  const auto* in = args.empty() ? nullptr : args[0].get<fake::TensorMeta>();
  auto shape = args.empty() ? std::nullopt : viewShapeArgs(args);
  if ((name == "view" || name == "reshape") && in && shape &&
      error.find("is invalid for input of size") != std::string::npos) {
    // infer_size's torch._check: numel == newsize, or numel % newsize == 0 with a -1.
    auto numel = sizeProduct(ctx, in->sizes);
    fake::Shape known;
    for (int64_t v : *shape)
      if (v != -1) known.push_back(v);
    auto requested = sizeProduct(ctx, known);
    const bool inferred = known.size() != shape->size();
    std::string check = numel && requested
                            ? (inferred ? "(" + numel->str() + ") % (" + requested->str() + ") == 0"
                                        : numel->str() + " == " + requested->str())
                            : std::string(inferred ? "numel % newsize == 0" : "numel == newsize");
    return std::string(op) + ": infer_size's check " + check +
           " holds on the hints but not on the core's stand-in sizes (a view or reshape "
           "equation the shape env does not solve into a replacement: not modelled)";
  }
  return std::string(op) +
         " on symbolic sizes: its meta function refused the core's stand-in "
         "sizes (" +
         error + "); the shape guards Dynamo made there are not modelled";
}

void registerViewSizes(TracingContext& ctx, const std::string& op,
                       const std::vector<fake::MetaArg>& args, const fake::MetaValue& result) {
  if (ctx.symbolBase == 0 || args.empty() || !result.is<fake::TensorMeta>()) return;
  std::string_view name = baseName(op);
  if (name != "view" && name != "reshape" && name != "flatten") return;
  const auto* in = args[0].get<fake::TensorMeta>();
  if (!in) return;
  const auto& out = result.as<fake::TensorMeta>();
  auto& env = ctx.output.shapeEnv();
  auto record = [&](int64_t v, const Expr& e) { recordInferredSize(ctx, v, e); };
  if (name == "flatten") {
    // flatten(start_dim=0, end_dim=-1): the dims it merges into one.
    int64_t rank = in->dim();
    int64_t start =
        args.size() > 1 && args[1].get<std::int64_t>() ? *args[1].get<std::int64_t>() : 0;
    int64_t end =
        args.size() > 2 && args[2].get<std::int64_t>() ? *args[2].get<std::int64_t>() : -1;
    if (start < 0) start += rank;
    if (end < 0) end += rank;
    if (rank == 0 || start < 0 || end >= rank || start > end) return;
    auto merged = sizeProduct(ctx, in->sizes.begin() + start, in->sizes.begin() + end + 1);
    if (merged && static_cast<size_t>(start) < out.sizes.size())
      record(out.sizes[static_cast<size_t>(start)], *merged);
    return;
  }
  // view / reshape: the one dim the meta function inferred is numel // the others.
  auto asked = viewShapeArgs(args);
  if (!asked) return;
  const fake::Shape& shape = *asked;
  if (shape.size() != out.sizes.size()) return;
  auto inferred = std::find(shape.begin(), shape.end(), -1);
  if (inferred == shape.end()) return;
  auto numel = sizeProduct(ctx, in->sizes);
  Expr others(1);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape.begin() + static_cast<std::ptrdiff_t>(i) == inferred) continue;
    auto e = sizeExpr(ctx, shape[i]);
    if (!e || Expr::productStaysUnexpanded(others, *e)) return;
    others = others * *e;
  }
  if (!numel) return;
  auto q = Expr::floorDiv(*numel, others, &env);
  const int64_t v = out.sizes[static_cast<size_t>(inferred - shape.begin())];
  if (q && q->hasAtoms()) {
    // An inferred size sympy keeps as a quotient (FloorDiv(s77**2, s77): its gcd does not
    // split a power) whose stand-in is a symbol's would read back as that symbol.
    if (auto sym = ctx.symbolByStandIn.find(v); sym != ctx.symbolByStandIn.end())
      env.markUnsupported("a view's inferred size " + q->str() + " whose stand-in reads as " +
                          sym->second + " (sympy keeps the quotient: not modelled)");
    return;
  }
  if (!q) return;
  record(v, *q);
}

Status checkNewDerivedSizes(const TracingContext& ctx, const std::string& op,
                            const std::vector<fake::MetaArg>& args, const fake::MetaValue& result) {
  // A slice's sizes were resolved (and guarded) before the getitem: see
  // TensorVariable::symbolicSlice.
  // arange's length was formed and checked before it ran (tensor_ops' arangeGuards).
  if (ctx.symbolBase == 0 || op == "operator.getitem" || op == "torch.arange")
    return Status::success();
  std::set<std::string> carried;
  for (const auto& a : args) collectCarried(ctx, a, carried, 0);
  return checkResult(ctx, op, carried, result, 0);
}

// FakeTensorMode's fast path for aten add/sub/mul/div.Tensor when an operand has symbolic
// sizes (fake_impls.make_fast_binary_impl): if an operand already has the output's shape
// and every tensor operand is contiguous, the output is contiguous (strides of size-1
// dims included), or channels-last if every operand is; otherwise the refs' strides,
// which the core's TensorIterator rules give.
void fastBinaryStrides(int64_t symbolBase, const std::string& op,
                       const std::vector<fake::MetaArg>& args, const fake::Kwargs& kwargs,
                       fake::MetaValue& result) {
  static const std::unordered_set<std::string> kFast = {
      "operator.add",    "operator.sub",   "operator.mul",   "operator.truediv",
      "torch.add",       "torch.sub",      "torch.subtract", "torch.mul",
      "torch.multiply",  "torch.div",      "torch.divide",   "torch.true_divide",
      "Tensor.add",      "Tensor.sub",     "Tensor.mul",     "Tensor.div",
      "Tensor.__add__",  "Tensor.__sub__", "Tensor.__mul__", "Tensor.__truediv__",
      "Tensor.__radd__", "Tensor.__rmul__"};
  if (symbolBase == 0 || !kFast.count(op) || !result.is<fake::TensorMeta>()) return;
  for (const auto& [name, value] : kwargs)
    if (name == "rounding_mode" || name == "out") return;  // other overloads
  auto symbolic = [&](const fake::TensorMeta& m) {
    for (int64_t v : m.sizes)
      if (v >= symbolBase - 1000) return true;
    for (int64_t v : m.strides)
      if (v >= symbolBase - 1000) return true;
    return false;
  };
  std::vector<const fake::TensorMeta*> tensors;
  bool anySymbolic = false;
  for (const auto& a : args) {
    if (const auto* t = a.get<fake::TensorMeta>()) {
      tensors.push_back(t);
      anySymbolic = anySymbolic || symbolic(*t);
    }
  }
  if (!anySymbolic) return;
  auto& out = std::get<fake::TensorMeta>(result.value);
  bool shapeSeen = false, contiguous = true, channelsLast = true;
  for (const auto* t : tensors) {
    shapeSeen = shapeSeen || t->sizes == out.sizes;
    contiguous = contiguous && t->isContiguous();
    channelsLast = channelsLast && t->sizes.size() == 4 && t->isChannelsLastContiguous();
  }
  if (!shapeSeen) return;  // "both tensors nontrivially broadcast": the refs
  if (contiguous)
    out.strides = fake::TensorMeta::contiguous(out.dtype, out.sizes).strides;
  else if (channelsLast)
    out.strides = fake::channelsLastStrides(out.sizes);
}

}  // namespace dynrr::tracer
