// dynamic_inputs.cpp — the symbols of graph inputs with dynamic sizes: each dynamic dim
// of a tensor input gets a size symbol and a stand-in value for this replay, its sizes
// and strides become the shape env's input guards (torch/fx/experimental/symbolic_shapes.py
// ShapeEnv.create_symbol and create_symbolic_sizes_strides_storage_offset, as
// torch/_dynamo/variables/builder.py wrap_tensor reaches them; OutputGraph.tracked_fakes
// under export).
#include "core/tracer/dynamic_inputs.h"

#include "core/guards/rules.h"
#include "core/tracer/derived_sizes.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

// The stand-in value a new symbol takes in this replay: its own, or, when an earlier
// pass found it equal to a symbol made before it, that symbol's; the shape env then
// makes the two one (the replacement Dynamo's shape env made when its meta function or
// the program compared them).
int64_t standInFor(TracingContext& ctx, const std::string& symbol) {
  auto& env = ctx.output.shapeEnv();
  auto [lo, hi] = ctx.unifyWith.equal_range(symbol);
  for (auto it = lo; it != hi; ++it) {
    auto other = ctx.symbolStandIn.find(it->second);
    if (other == ctx.symbolStandIn.end()) continue;
    env.evaluate(symbolic::Relation{symbolic::Expr::symbol(symbol), symbolic::RelOp::kEq,
                                    symbolic::Expr::symbol(it->second)});
    int64_t standIn = other->second;
    ctx.symbolStandIn[symbol] = standIn;
    if (auto rep = env.replace(symbolic::Expr::symbol(symbol)).asSymbol())
      ctx.symbolByStandIn[standIn] = *rep;
    return standIn;
  }
  int64_t standIn = standInAt(ctx.symbolBase, ctx.symbolStandIn.size());
  ctx.symbolStandIn[symbol] = standIn;
  ctx.symbolByStandIn[standIn] = symbol;
  return standIn;
}

// Under export, a wrapped tensor's fake is tracked (OutputGraph.tracked_fakes) and the
// SHAPE_ENV guard keeps its static values (produce_guards with ignore_static=False): its
// sizes and strides (dynamicSizes adds those of a tensor with symbolic dims), then its
// storage offset.
void exportTrackedFake(TracingContext& ctx, const std::string& srcName,
                       const fake::TensorMeta& meta) {
  auto& env = ctx.output.shapeEnv();
  if (!ctx.dynamicDims.count(srcName)) {
    for (size_t i = 0; i < meta.sizes.size(); ++i)
      env.addInputGuard(srcName + ".size()[" + std::to_string(i) + "]",
                        symbolic::Expr(meta.sizes[i]));
    for (size_t i = 0; i < meta.strides.size(); ++i)
      env.addInputGuard(srcName + ".stride()[" + std::to_string(i) + "]",
                        symbolic::Expr(meta.strides[i]));
  }
  env.addInputGuard(srcName + ".storage_offset()", symbolic::Expr(meta.storageOffset));
}

// A tensor input with dynamic dims (automatic_dynamic_shapes, mark_dynamic,
// assume_static_by_default=False): each dynamic dim gets a size symbol from the shape env
// (ShapeEnv.create_symbol: s<sha256(source) % 100>, duck-sized or not as the plan says,
// range [2, inf]) and a torch.SymInt graph input; the meta takes the symbol's stand-in
// value for this replay. Its sizes and its strides, inferred from the sizes for a
// contiguous input (DimDynamic.INFER_STRIDE), are the shape env's input guards. Returns
// the TENSOR_MATCH detail, None for what is symbolic.
Expected<std::string> dynamicSizes(TracingContext& ctx, fake::TensorMeta& meta,
                                   std::vector<bool> dyn, const std::string& srcName) {
  if (dyn.size() != meta.sizes.size()) return Error("dynamic dims do not match the tensor rank");
  if (meta.strides != fake::TensorMeta::contiguous(meta.dtype, meta.sizes).strides)
    return unsupported("dynamic shapes of a non-contiguous input " + srcName);
  auto& env = ctx.output.shapeEnv();
  fake::Shape sizes = meta.sizes;
  std::vector<symbolic::Expr> exprs;
  auto nonDuck = ctx.nonDuckDims.find(srcName);
  for (size_t i = 0; i < dyn.size(); ++i) {
    int64_t hint = meta.sizes[i];
    std::string dimSource = srcName + ".size()[" + std::to_string(i) + "]";
    bool duck = ctx.duckShapes && !(nonDuck != ctx.nonDuckDims.end() &&
                                    i < nonDuck->second.size() && nonDuck->second[i]);
    if (dyn[i] && hint <= 1) {
      // specialize_zero_one: a size 0 or 1 is that constant, duck-sized or not, and for
      // a dim automatic dynamic made dynamic.
      auto marked = ctx.markedDims.find(srcName);
      if (marked != ctx.markedDims.end() && i < marked->second.size() && marked->second[i])
        return unsupported("a dim marked dynamic of size 0 or 1 (" + dimSource +
                           "): Dynamo specialises it against the mark, not modelled");
      dyn[i] = false;
    }
    if (!dyn[i]) {
      exprs.emplace_back(hint);
      env.addInputGuard(dimSource, symbolic::Expr(hint));
      continue;
    }
    symbolic::Expr e = env.createSizeSymbol(dimSource, hint, duck);
    std::string symbol = *e.asSymbol();
    if (auto r = ctx.exportDimRanges.find(dimSource); r != ctx.exportDimRanges.end()) {
      // A torch.export Dim: the symbol's range is the constraint's.
      if (hint < r->second.first || (r->second.second >= 0 && hint > r->second.second))
        return unsupported("an input size outside its torch.export Dim range (" + dimSource +
                           "): the constraint violation is not modelled");
      env.constrainRange(
          symbol, r->second.first,
          r->second.second >= 0 ? std::optional<int64_t>(r->second.second) : std::nullopt);
    }
    auto found = ctx.symbolStandIn.find(symbol);
    if (found == ctx.symbolStandIn.end()) {
      standInFor(ctx, symbol);
      ctx.symbolNodes[symbol] = ctx.output.symbolInput(symbol, dimSource);
      found = ctx.symbolStandIn.find(symbol);
    }
    sizes[i] = found->second;
    exprs.push_back(e);
    env.addInputGuard(dimSource, e);
  }
  // Inferred strides of a contiguous tensor: the product of the sizes after each dim.
  symbolic::Expr stride(1);
  std::vector<symbolic::Expr> strides(dyn.size());
  for (size_t k = dyn.size(); k-- > 0;) {
    strides[k] = stride;
    stride = stride * (meta.sizes[k] == 0 ? symbolic::Expr(1) : exprs[k]);
  }
  for (size_t k = 0; k < dyn.size(); ++k)
    env.addInputGuard(srcName + ".stride()[" + std::to_string(k) + "]", strides[k]);
  std::string detail = guards::tensorMatchDetail(meta, &dyn);
  ctx.dynamicTensors[srcName] = {meta, exprs};
  meta.sizes = sizes;
  meta.strides = fake::TensorMeta::contiguous(meta.dtype, sizes).strides;
  // A dim duck-sized to a symbol the shape env already fixed to a constant (an input
  // realised after the specialisation): c10::SymInt keeps the constant as an int, so the
  // fake tensor has the number.
  if (hasConstantReplacement(ctx)) specialiseMeta(ctx, meta);
  return detail;
}

// Symbol `s` was made one with another (unified stand-ins, or a replacement of one symbol
// by another): the stand-in it shares does not tell which of them a fake's size holds.
static bool madeOneWithAnother(const TracingContext& ctx, const std::string& s) {
  if (ctx.unifyWith.count(s)) return true;
  for (const auto& [from, to] : ctx.output.shapeEnv().replacements())
    if ((from == s || to.str() == s) && to.asSymbol()) return true;
  return false;
}

// _lift_basic_symbols of a tensor input of the frame (`source`, with symbolic dims): the
// symbols of its own sizes and strides, each read through the replacements the shape env
// had made at this point. A symbol a later pass made one with another from the start is
// still its own before the node count at which the first pass unified them.
static std::optional<OutputGraph::SymbolLists> inputSymbols(const TracingContext& ctx,
                                                            const fake::TensorMeta& m,
                                                            const std::string& source) {
  auto it = ctx.dynamicTensors.find(source);
  if (it == ctx.dynamicTensors.end()) return std::nullopt;
  const auto& exprs = it->second.second;
  if (exprs.size() != m.sizes.size()) return std::nullopt;
  const auto& env = ctx.output.shapeEnv();
  const size_t now = ctx.output.graph().size();
  auto current = [&](const symbolic::Expr& e) {
    if (e.isConstant()) return e;
    auto s = e.asSymbol();
    if (!s) return env.replace(e);
    auto at = ctx.unifiedAt.find(*s);
    if (ctx.unifyWith.count(*s) && at != ctx.unifiedAt.end() && now < at->second) return e;
    return env.replace(e);
  };
  OutputGraph::SymbolLists out;
  std::vector<symbolic::Expr> dims;
  for (const auto& e : exprs) {
    dims.push_back(current(e));
    if (!dims.back().isConstant()) out.push_back(dims.back().freeSymbols());
  }
  // Inferred contiguous strides (as the input was made): products of the later dims.
  symbolic::Expr stride(1);
  for (size_t k = dims.size(); k-- > 0;) {
    if (!stride.isConstant()) out.push_back(stride.freeSymbols());
    stride = stride * (m.sizes[k] == 0 ? symbolic::Expr(1) : dims[k]);
  }
  return out;
}

void bindSubgraphSymbols(TracingContext& ctx) {
  if (ctx.symbolBase == 0) return;
  ctx.output.basicSymbolsOf = [&ctx](const fake::TensorMeta& m, const std::string& source) {
    if (!source.empty()) {
      if (auto own = inputSymbols(ctx, m, source)) return *own;
    }
    OutputGraph::SymbolLists out;
    auto add = [&](int64_t v) {
      if (specialisedSize(ctx, v)) return;
      auto e = sizeExpr(ctx, v);
      if (!e) {
        out.push_back({""});
        return;
      }
      if (e->isConstant()) return;
      // Symbols made one (unified stand-ins, a replacement by another symbol) share a
      // stand-in: which one this fake tensor's size holds is not known.
      auto syms = e->freeSymbols();
      for (const auto& s : syms) {
        if (madeOneWithAnother(ctx, s)) {
          out.push_back({""});
          return;
        }
      }
      out.push_back(std::move(syms));
    };
    for (int64_t v : m.sizes) add(v);
    for (int64_t v : m.strides) add(v);
    add(m.storageOffset);
    return out;
  };
  ctx.output.dimExprsOf = [&ctx](const fake::TensorMeta& m) {
    std::vector<std::optional<symbolic::Expr>> out;
    auto add = [&](int64_t v) {
      std::optional<symbolic::Expr> e;
      if (!specialisedSize(ctx, v)) e = sizeExpr(ctx, v);
      // A symbol made one with another shares its stand-in: which one is not known.
      if (e && e->asSymbol() && madeOneWithAnother(ctx, e->str())) e.reset();
      out.push_back(std::move(e));
    };
    for (int64_t v : m.sizes) add(v);
    for (int64_t v : m.strides) add(v);
    add(m.storageOffset);
    return out;
  };
  // An unbacked symbol is bound in the root when the node making it is wrapped
  // (track_produced_symints, lazily): materialized on first lift.
  ctx.output.rootSymbolNode = [&ctx](const std::string& s) -> NodeId {
    if (auto it = ctx.symbolNodes.find(s); it != ctx.symbolNodes.end()) return it->second;
    if (!ctx.output.shapeEnv().isUnbacked(s)) return -1;
    NodeId n = ctx.output.materializeUnbacked(s);
    if (n >= 0) ctx.symbolNodes[s] = n;
    return n;
  };
}

// After a pass: symbols the shape env made one (from the unifier or a comparison in the
// program) while their stand-ins differ.
std::set<std::pair<std::string, std::string>> pendingUnifications(const TracingContext& ctx) {
  auto out = ctx.unifyRequests;
  const auto& env = ctx.output.shapeEnv();
  for (const auto& [sym, target] : env.replacements()) {
    auto t = target.asSymbol();
    if (!t) continue;
    auto a = ctx.symbolStandIn.find(sym), b = ctx.symbolStandIn.find(*t);
    if (a != ctx.symbolStandIn.end() && b != ctx.symbolStandIn.end() && a->second != b->second)
      out.insert(std::minmax(sym, *t));
  }
  return out;
}

// When this pass made each pending pair one: a size check's request has its time; a
// replacement took effect before the first call node whose creation saw it.
std::map<std::pair<std::string, std::string>, size_t> unificationTimes(
    const TracingContext& ctx, const std::set<std::pair<std::string, std::string>>& pairs) {
  auto times = ctx.unifyTimes;
  const auto& env = ctx.output.shapeEnv();
  const auto& order = env.replacementOrder();
  const ProtoGraph& g = ctx.output.graph();
  for (const auto& pair : pairs) {
    if (times.count(pair)) continue;
    size_t at = g.size();
    for (size_t r = 0; r < order.size(); ++r) {
      if (order[r] != pair.first && order[r] != pair.second) continue;
      for (size_t k = 0; k < g.size(); ++k) {
        const ProtoNode& n = g.node(static_cast<NodeId>(k));
        if (n.op.rfind("call_", 0) == 0 && n.replacementsBefore > r) {
          at = k;
          break;
        }
      }
      break;
    }
    times[pair] = at;
  }
  return times;
}

}  // namespace dynrr::tracer
