// unbacked.cpp — see unbacked.h.
#include "core/tracer/unbacked.h"

#include <string_view>
#include <unordered_set>

#include "core/fake/broadcast.h"
#include "core/tracer/derived_sizes.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/sym_node.h"

namespace dynrr::tracer {

namespace {

std::string_view baseName(std::string_view op) {
  for (std::string_view prefix : {"torch.", "Tensor.", "operator."}) {
    if (op.substr(0, prefix.size()) == prefix) return op.substr(prefix.size());
  }
  return op;
}

// The value fake tensors compute with for a new unbacked int: a stand-in like a size
// symbol's (base + kStandInStep*k, replay.cpp), so sizes read back map to the symbol.
Expected<int64_t> newStandIn(TracingContext& ctx, const std::string& symbol) {
  if (ctx.symbolBase == 0) return Error(kNeedsStandIns);
  int64_t standIn = standInAt(ctx.symbolBase, ctx.symbolStandIn.size());
  ctx.symbolStandIn[symbol] = standIn;
  ctx.symbolByStandIn[standIn] = symbol;
  return standIn;
}

// Elementwise arithmetic whose meta function takes a Python scalar (a SymInt / SymFloat
// operand is a scalar there: nothing is guarded).
bool scalarArithmetic(std::string_view name) {
  static const std::unordered_set<std::string_view> kNames = {
      "add",      "sub",      "mul",         "truediv",  "div",         "__add__",      "__radd__",
      "__sub__",  "__rsub__", "__mul__",     "__rmul__", "__truediv__", "__rtruediv__", "subtract",
      "multiply", "divide",   "true_divide", "pow",      "__pow__",     "__rpow__",     "rsub"};
  return kNames.count(name) != 0;
}

// Meta functions that, on a tensor with an unbacked size, guard nothing: the binary fast
// path (fast_binary_impl: a contiguous output, its `size == 1` tests guard_or_false),
// conversions keeping the layout, full reductions and reductions along a dim.
bool unbackedSizeOp(std::string_view name) {
  static const std::unordered_set<std::string_view> kNames = {
      "add",     "sub",         "mul",     "truediv",    "div",         "__add__",  "__radd__",
      "__sub__", "__rsub__",    "__mul__", "__rmul__",   "__truediv__", "subtract", "multiply",
      "divide",  "true_divide", "float",   "double",     "long",        "int",      "half",
      "bool",    "to",          "clone",   "contiguous", "detach",      "sum",      "mean",
      "amax",    "amin",        "prod",    "all",        "any"};
  return kNames.count(name) != 0;
}

bool isFactory(std::string_view op) {
  static const std::unordered_set<std::string_view> kNames = {
      "torch.zeros", "torch.ones",       "torch.empty",     "torch.full",       "torch.rand",
      "torch.randn", "Tensor.new_zeros", "Tensor.new_ones", "Tensor.new_empty", "Tensor.new_full"};
  return kNames.count(op) != 0;
}

// The unbacked symbols a value carries (an unbacked SymInt / SymFloat, or in a sequence).
void unbackedIn(const TracingContext& ctx, const VtPtr& v,
                std::vector<const vt::SymIntVariable*>& out, int depth) {
  if (!v || depth > 4) return;
  if (v->kind() == vt::VtKind::kSymInt) {
    const auto& si = static_cast<const vt::SymIntVariable&>(*v);
    if (ctx.output.shapeEnv().hasUnbacked(si.expr())) out.push_back(&si);
  } else if (const auto* seq = dynamic_cast<const vt::SequenceVariable*>(v.get())) {
    for (const auto& item : seq->items()) unbackedIn(ctx, item, out, depth + 1);
  }
}

void collectMetas(const fake::MetaArg& a, std::vector<const fake::TensorMeta*>& out, int depth) {
  if (const auto* t = a.get<fake::TensorMeta>()) {
    out.push_back(t);
  } else if (const auto* seq = a.get<fake::ArgSeq>(); seq && depth < 4) {
    for (const auto& item : seq->items) collectMetas(item, out, depth + 1);
  }
}

}  // namespace

const char* const kNeedsStandIns =
    "internal: an unbacked symbol in a replay without size stand-ins";

bool needsStandIns(const Error& e) { return e.message().find(kNeedsStandIns) != std::string::npos; }

Expected<std::pair<std::string, int64_t>> freshUnbackedInt(TracingContext& ctx) {
  if (ctx.symbolBase == 0) return Error(kNeedsStandIns);
  std::string name = *ctx.output.shapeEnv().createUnbacked(false).asSymbol();
  auto s = newStandIn(ctx, name);
  if (!s) return s.error();
  return std::make_pair(name, *s);
}

Expected<std::pair<std::string, int64_t>> mergedIntSymbol(TracingContext& ctx, int64_t a,
                                                          int64_t b) {
  auto made = freshUnbackedInt(ctx);
  if (made) ctx.output.shapeEnv().constrainRange(made->first, std::min(a, b), std::max(a, b));
  return made;
}

bool capturesUnbacked(const TracingContext& ctx) {
  auto config = ctx.trace.configOf(ctx.event);
  return config.getCaptureScalarOutputs() || config.getCaptureDynamicOutputShapeOps();
}

Expected<VtPtr> unbackedItem(InstructionTranslator& tx, NodeId tensor,
                             const fake::TensorMeta& meta) {
  auto& ctx = tx.context();
  bool isFloat = fake::isFloating(meta.dtype);
  if (!isFloat && (meta.dtype == fake::DType::kBool || !fake::isIntegral(meta.dtype, false)))
    return unsupported("Tensor.item() of a " + std::string(fake::scalarTypeName(meta.dtype)) +
                       " tensor under config.capture_scalar_outputs (an unbacked SymBool or "
                       "complex: not modelled)");
  // FakeTensorMode.from_real_tensor gives a 0-d CPU int64 / float64 graph input an
  // item_memo: a backed symbol with source `<input>.item()` (create_unspecified_symbol
  // with the tensor's value), which item() returns instead of an unbacked one.
  if (const auto& n = ctx.output.graph().node(tensor);
      n.graph == 0 && n.op == "placeholder" && !n.source.empty() && meta.sizes.empty() &&
      meta.device.type == "cpu" && !ctx.exportMode.active &&
      (meta.dtype == fake::DType::kInt64 || meta.dtype == fake::DType::kFloat64))
    return unsupported(
        "Tensor.item() of a 0-d int64 / float64 graph input (" + n.source +
        "): its fake tensor's item_memo is a backed symbol made from the value, which the "
        "trace does not hold");
  auto& env = ctx.output.shapeEnv();
  symbolic::Expr sym = env.createUnbacked(isFloat);
  std::string name = *sym.asSymbol();
  // A float's stand-in is no size: it is not registered as one.
  int64_t fake = 1;
  if (!isFloat) {
    auto s = newStandIn(ctx, name);
    if (!s) return s.error();
    fake = *s;
  }
  NodeId node = ctx.output.callMethod("item", {GraphArg::ofNode(tensor)}, {});
  ProtoNode& n = ctx.output.graph().node(node);
  n.symExpr = name;
  n.symValue = sym;
  n.unbackedBindings.emplace_back(name, -1);
  auto v = std::make_shared<vt::SymIntVariable>(node, 0, fake, sym);
  if (isFloat) v->setFloat();
  return VtPtr(std::move(v));
}

Expected<VtPtr> unbackedTensorVersion(InstructionTranslator& tx, NodeId tensor) {
  auto& ctx = tx.context();
  auto made = freshUnbackedInt(ctx);
  if (!made) return made.error();
  const std::string target = "torch.ops.prims._tensor_version.default";
  NodeId node = ctx.output.callFunction(target, {GraphArg::ofNode(tensor)}, {});
  ProtoNode& n = ctx.output.graph().node(node);
  n.symExpr = made->first;
  symbolic::Expr sym = symbolic::Expr::symbol(made->first);
  n.symValue = sym;
  n.unbackedBindings.emplace_back(made->first, -1);
  return VtPtr(std::make_shared<vt::SymIntVariable>(node, 0, made->second, sym));
}

std::optional<Expected<fake::TensorMeta>> dataDependentMeta(TracingContext& ctx,
                                                            const std::string& op,
                                                            const std::vector<fake::MetaArg>& args,
                                                            const fake::Kwargs& kwargs,
                                                            std::string& symbol) {
  std::string_view name = baseName(op);
  bool nonzero = name == "nonzero", masked = name == "masked_select",
       getitem = op == "operator.getitem";
  if (!nonzero && !masked && !getitem) return std::nullopt;
  if (args.empty() || !args[0].get<fake::TensorMeta>()) return std::nullopt;
  const fake::TensorMeta& self = *args[0].get<fake::TensorMeta>();
  auto refuse = [&](const std::string& what) -> std::optional<Expected<fake::TensorMeta>> {
    return Expected<fake::TensorMeta>(
        unsupported(op + " under config.capture_dynamic_output_shape_ops: " + what));
  };
  if (!kwargs.empty()) return refuse("keyword arguments (as_tuple, out) are not modelled");
  // The count's upper bound: the numel of what is counted, which must be static.
  fake::Shape counted, result;
  if (nonzero) {
    if (args.size() != 1 || self.dim() == 0)
      return refuse("of a 0-d tensor or with more arguments");
    counted = self.sizes;
  } else if (masked) {
    const auto* mask = args.size() == 2 ? args[1].get<fake::TensorMeta>() : nullptr;
    if (!mask || mask->dtype != fake::DType::kBool) return std::nullopt;
    auto b = fake::broadcastShapes(self.sizes, mask->sizes);
    if (!b) return std::nullopt;
    counted = *b;
  } else {
    // x[mask]: a single boolean tensor index over the leading dims (index_tensor turns
    // it into nonzero(mask)).
    const auto* mask = args.size() == 2 ? args[1].get<fake::TensorMeta>() : nullptr;
    if (!mask || mask->dtype != fake::DType::kBool) return std::nullopt;
    if (mask->dim() == 0 || mask->dim() > self.dim() ||
        !std::equal(mask->sizes.begin(), mask->sizes.end(), self.sizes.begin()))
      return refuse("a boolean mask that does not match the leading dims is not modelled");
    counted = mask->sizes;
    result.assign(self.sizes.begin() + mask->dim(), self.sizes.end());
  }
  for (int64_t v : counted)
    if (auto e = sizeExpr(ctx, v); !e || !e->isConstant())
      return refuse("a count over a tensor with symbolic sizes (a symbolic bound) is not modelled");
  for (int64_t v : result)
    if (auto e = sizeExpr(ctx, v); !e || !e->isConstant())
      return refuse("the other dims of the result are symbolic (not modelled)");
  auto& env = ctx.output.shapeEnv();
  symbolic::Expr sym = env.createUnbacked(false);
  symbol = *sym.asSymbol();
  // _constrain_range_for_size(nnz, max=numel).
  env.constrainRange(symbol, 0, fake::shapeNumel(counted));
  auto standIn = newStandIn(ctx, symbol);
  if (!standIn) return Expected<fake::TensorMeta>(standIn.error());
  if (nonzero) {
    // new_empty_strided((nnz, dim), (1, nnz), dtype=int64).
    fake::TensorMeta out =
        fake::TensorMeta::contiguous(fake::DType::kInt64, {*standIn, self.dim()}, self.device);
    out.strides = {1, *standIn};
    return Expected<fake::TensorMeta>(std::move(out));
  }
  result.insert(result.begin(), *standIn);
  return Expected<fake::TensorMeta>(fake::TensorMeta::contiguous(self.dtype, result, self.device));
}

// _refs._reduction for amax / amin (has_identity=False): torch._check(sym_and(size > 0 for
// each reduced dim)). On an unbacked size whose range may hold 0, the check refines the
// range to >= 1 and defers the runtime assert `0 < u0` (placed where the symbol is bound).
Status reductionWithoutIdentity(TracingContext& ctx, const std::string& op,
                                const vt::Kwargs& kwargs, const std::vector<fake::MetaArg>& margs) {
  if (margs.empty() || !margs[0].is<fake::TensorMeta>()) return Status::success();
  const auto& self = margs[0].as<fake::TensorMeta>();
  auto& env = ctx.output.shapeEnv();
  const auto rank = static_cast<int64_t>(self.sizes.size());
  std::vector<int64_t> dims;
  bool all = margs.size() < 2;
  if (margs.size() >= 2) {
    if (margs[1].is<int64_t>()) {
      dims.push_back(margs[1].as<int64_t>());
    } else if (margs[1].is<fake::ArgSeq>()) {
      for (const auto& d : margs[1].as<fake::ArgSeq>().items) {
        if (!d.is<int64_t>()) return unsupported(op + " with a dim that is not an int");
        dims.push_back(d.as<int64_t>());
      }
      all = dims.empty();
    } else {
      return unsupported(op + " with a dim that is not an int");
    }
  }
  for (const auto& kv : kwargs) {
    if (kv.first != "dim") continue;
    auto asInt = [](const VtPtr& v) -> std::optional<int64_t> {
      const auto* c = v ? vt::asConstant(v) : nullptr;
      return c ? c->asInt() : std::nullopt;
    };
    if (auto d = asInt(kv.second)) {
      dims.push_back(*d);
    } else if (const auto* seq = dynamic_cast<const vt::SequenceVariable*>(kv.second.get())) {
      for (const auto& item : seq->items()) {
        auto d2 = asInt(item);
        if (!d2) return unsupported(op + " with a dim that is not an int");
        dims.push_back(*d2);
      }
    } else {
      return unsupported(op + " with a dim that is not an int");
    }
    all = dims.empty();
  }
  if (all) {
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
  }
  std::vector<std::string> need;
  for (int64_t d : dims) {
    if (rank == 0) break;
    int64_t w = d < 0 ? d + rank : d;
    if (w < 0 || w >= rank) return Status::success();  // the meta function's IndexError
    auto e = sizeExpr(ctx, self.sizes[static_cast<size_t>(w)]);
    if (!e || !env.hasUnbacked(*e)) continue;
    auto sym = e->asSymbol();
    if (!sym) return unsupported(op + " over a dim of size " + e->str() + " (not modelled)");
    const symbolic::SymbolInfo* info = env.symbol(*sym);
    if (info && info->lower && *info->lower >= 1) continue;  // statically true
    need.push_back(*sym);
  }
  if (need.size() > 1)
    return unsupported(op +
                       " over two dims of unbacked size (the conjunction it checks is not "
                       "modelled)");
  if (need.size() == 1) {
    env.constrainRange(need[0], 1, std::nullopt);
    ctx.output.deferCheck(-1, "0 < " + need[0], need[0], 0);
  }
  return Status::success();
}

Status unbackedOpGap(InstructionTranslator& tx, const std::string& op, const vt::Args& args,
                     const vt::Kwargs& kwargs, const std::vector<fake::MetaArg>& margs) {
  auto& ctx = tx.context();
  if (ctx.symbolBase == 0) return Status::success();
  std::string_view name = baseName(op);
  std::vector<const vt::SymIntVariable*> scalars;
  for (const auto& a : args) unbackedIn(ctx, a, scalars, 0);
  for (const auto& kv : kwargs) unbackedIn(ctx, kv.second, scalars, 0);
  if (!scalars.empty() && !scalarArithmetic(name) && !isFactory(op))
    return unsupported(op + " given an unbacked " +
                       std::string(scalars[0]->isFloat() ? "SymFloat " : "SymInt ") +
                       scalars[0]->expr().str() +
                       " (the checks its meta function makes on data-dependent values are "
                       "not modelled)");
  for (const auto* s : scalars)
    if (s->isFloat() && isFactory(op))
      return unsupported(op + " given an unbacked SymFloat (not modelled)");
  std::vector<const fake::TensorMeta*> tensors;
  for (const auto& m : margs) collectMetas(m, tensors, 0);
  auto& env = ctx.output.shapeEnv();
  for (const auto* t : tensors) {
    for (int64_t v : t->sizes) {
      auto e = sizeExpr(ctx, v);
      if (!e || !env.hasUnbacked(*e)) continue;
      if (!e->asSymbol())
        return unsupported(op + " of a tensor with a size " + e->str() +
                           " derived from an unbacked symbol (not modelled)");
      if (!unbackedSizeOp(name))
        return unsupported(op + " of a tensor with an unbacked size " + e->str() +
                           " (the guards its meta function makes on data-dependent sizes are "
                           "not modelled)");
    }
  }
  if (name == "amax" || name == "amin") return reductionWithoutIdentity(ctx, op, kwargs, margs);
  return Status::success();
}

}  // namespace dynrr::tracer
