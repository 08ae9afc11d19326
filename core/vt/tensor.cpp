// tensor.cpp — see tensor.h (TensorVariable.var_getattr, call_method, method_size,
// method_item and friends).
#include "core/vt/tensor.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "core/fake/dtype.h"
#include "core/trace/object_printer.h"
#include "core/tracer/derived_sizes.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/tracer/unbacked.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/data_ptr.h"
#include "core/vt/delay_graph_break.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/numpy_ndarray.h"
#include "core/vt/sym_node.h"
#include "core/vt/torch.h"
#include "core/vt/untyped_storage.h"

namespace dynrr::vt {
namespace {

// Appends ", "-separated decimal ints without a temporary string per item.
void appendJoined(std::string& out, const fake::Shape& xs) {
  char buf[24];
  for (size_t i = 0; i < xs.size(); ++i) {
    if (i) out += ", ";
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, xs[i]);
    out.append(buf, end);
  }
}

}  // namespace

// One string built in place: every graph node's example value is printed once per replay.
std::string canonicalMeta(const fake::TensorMeta& m) {
  std::string out = trace::shortDtype(std::string(fake::dtypeName(m.dtype)));
  out.reserve(64 + 8 * (m.sizes.size() + m.strides.size()));
  out += '[';
  appendJoined(out, m.sizes);
  out += "] stride=(";
  appendJoined(out, m.strides);
  out += ") offset=";
  out += std::to_string(m.storageOffset);
  out += ' ';
  out += m.device.type;
  if (m.device.index >= 0) {
    out += ':';
    out += std::to_string(m.device.index);
  }
  out += m.requiresGrad ? " requires_grad=True" : " requires_grad=False";
  return out;
}

std::string TensorVariable::describe() const {
  return canonicalMeta(meta_) + ", node #" + std::to_string(node_);
}

namespace {

using guards::GuardKind;

VtPtr torchConstant(TorchConstant::Kind kind, std::string name) {
  return ConstantVariable::make(TorchConstant{kind, std::move(name)});
}

// A size of a fake tensor as a Python value: a size symbol's stand-in is that symbol
// (SymNodeVariable over its torch.SymInt placeholder, as Dynamo binds a size it reads to
// the graph input of its source); a size derived from symbols (s77 - 1, a numel) is a
// SymNodeVariable over `node`, the accessor node that read it (insert_deferred_runtime_
// asserts later computes it from the symbol inputs, OutputGraph::applyReplacements);
// without such a node, or with an expression the core does not know, it is not modelled;
// others are ints.
Expected<VtPtr> sizeValue(Tx& tx, int64_t v, const char* what, NodeId node = -1) {
  auto& ctx = tx.context();
  if (ctx.symbolBase == 0) return ConstantVariable::make(v);
  if (auto c = tracer::specialisedSize(ctx, v)) return ConstantVariable::make(*c);
  if (auto it = ctx.symbolByStandIn.find(v);
      it != ctx.symbolByStandIn.end() && !ctx.output.shapeEnv().isUnbacked(it->second)) {
    const auto* info = ctx.output.shapeEnv().symbol(it->second);
    if (!info) return Error("internal: a stand-in without its symbol");
    // With the node that read it, the SymInt is that node (its proxy in Dynamo), which the
    // hash-consing at the end (OutputGraph::applyReplacements) replaces by the symbol's
    // placeholder, unless the shape env fixed the symbol to a constant meanwhile: then the
    // read stays in the graph ("getitem: Sym(5) = size[0]"), its placeholder dropped.
    NodeId bound = ctx.symbolNodes.at(it->second);
    if (node >= 0) {
      auto& graph = ctx.output.graph();
      graph.node(node).symExpr = it->second;
      graph.node(node).symValue = symbolic::Expr::symbol(it->second);
      bound = node;
    }
    return VtPtr(
        std::make_shared<SymIntVariable>(bound, info->hint, v, symbolic::Expr::symbol(it->second)));
  }
  auto e = tracer::sizeExpr(ctx, v);
  if (e && e->isConstant()) return ConstantVariable::make(e->constant());
  if (!e || node < 0)
    return unsupported(std::string("a symbolic ") + what +
                       " derived from size symbols reaches Python code (sizes of op results, "
                       "strides and numel of dynamic tensors are not modelled as SymInts)");
  auto& graph = ctx.output.graph();
  graph.node(node).symExpr = e->str();
  graph.node(node).symValue = *e;
  return VtPtr(std::make_shared<SymIntVariable>(node, ctx.output.shapeEnv().hintOf(*e), v, *e));
}

}  // namespace

bool anySymbolicSize(const tracer::TracingContext& ctx, const fake::Shape& xs) {
  if (ctx.symbolBase == 0) return false;
  for (int64_t v : xs) {
    if (tracer::specialisedSize(ctx, v)) continue;
    auto e = tracer::sizeExpr(ctx, v);
    if (!e || !e->isConstant()) return true;
  }
  return false;
}

namespace {

Expected<VtPtr> sizeTuple(Tx& tx, const fake::Shape& xs, const char* what, bool asSize) {
  std::vector<VtPtr> dims;
  for (int64_t s : xs) {
    auto d = sizeValue(tx, s, what);
    if (!d) return d;
    dims.push_back(*d);
  }
  return asSize ? makeSize(std::move(dims)) : makeTuple(std::move(dims));
}

// A size read that has symbols is, in Dynamo, a call_method `size` node on the tensor
// (TensorVariable.call_method's generic path), and for a whole torch.Size one
// operator.getitem node per dim (wrap_fx_proxy_cls unpacking it). A dim that is a symbol
// binds to the symbol's placeholder, so its node has no users and remove_unused_graphargs
// drops it, but its name is taken ("getitem_3" after x.shape of a 3-d tensor); a derived
// dim is the SymInt of its node.
// `dim`: the argument of x.size(dim) as given, `index` the dim it names.
Expected<VtPtr> symbolicSizeRead(Tx& tx, NodeId tensor, const fake::Shape& xs,
                                 const std::optional<int64_t>& dim, size_t index = 0) {
  auto& out = tx.context().output;
  std::vector<tracer::GraphArg> args{tracer::GraphArg::ofNode(tensor)};
  if (dim) args.push_back(tracer::GraphArg::ofConstant(*dim));
  NodeId size = out.callMethod("size", std::move(args), {});
  if (dim) return sizeValue(tx, xs[index], "size", size);
  std::vector<VtPtr> dims;
  for (size_t i = 0; i < xs.size(); ++i) {
    NodeId item = out.callFunction(
        "operator.getitem",
        {tracer::GraphArg::ofNode(size), tracer::GraphArg::ofConstant(static_cast<int64_t>(i))},
        {});
    if (auto c = tracer::specialisedSize(tx.context(), xs[i])) {
      // wrap_fx_proxy_cls unpacks the torch.Size into one SymNodeVariable per dim that is
      // a SymInt, one whose symbol the shape env fixed meanwhile included: a SymInt over
      // a constant expression, kept as its getitem node (Sym(4)).
      auto& graph = out.graph();
      graph.node(item).symExpr = std::to_string(*c);
      graph.node(item).symValue = symbolic::Expr(*c);
      dims.push_back(std::make_shared<SymIntVariable>(item, *c, *c, symbolic::Expr(*c)));
      continue;
    }
    auto d = sizeValue(tx, xs[i], "size", item);
    if (!d) return d;
    // A static dim's getitem has the int as its example value (kept in a subgraph, whose
    // unused getitems are not removed).
    if (auto k = constantInt(*d)) out.graph().node(item).exampleText = "int " + std::to_string(*k);
    dims.push_back(*d);
  }
  std::vector<symbolic::Expr> exprs;
  for (size_t i = 0; i < dims.size(); ++i) {
    const auto& d = dims[i];
    if (d->kind() == VtKind::kSymInt) {
      // A dim fixed to a constant is still a SymInt: printed "sym 4" from its symbol.
      auto fixed = tracer::specialisedSize(tx.context(), xs[i]);
      auto e = fixed ? tracer::sizeExpr(tx.context(), xs[i]) : std::nullopt;
      exprs.push_back(e ? *e : static_cast<const SymIntVariable&>(*d).expr());
    } else if (auto k = constantInt(d)) {
      exprs.emplace_back(*k);
    }
  }
  out.graph().node(size).exampleText = tracer::sizeExampleText(exprs, out.shapeEnv());
  out.graph().node(size).sizeDims = std::move(exprs);
  VtPtr result = makeSize(std::move(dims));
  tx.context().sizeProxies[result.get()] = {result, size};
  return result;
}

// numel() of a tensor with symbolic sizes: the product of its dims' expressions; a
// derived one is a `numel` call_method node (TensorVariable.method_numel gives None, the
// generic path).
Expected<VtPtr> symbolicNumel(Tx& tx, NodeId tensor, const fake::TensorMeta& meta,
                              const std::string& method) {
  auto& ctx = tx.context();
  symbolic::Expr product(1);
  for (int64_t v : meta.sizes) {
    auto e = tracer::sizeExpr(ctx, v);
    if (!e)
      return unsupported(
          "a symbolic numel of a tensor whose sizes are derived from size symbols by an op "
          "whose symbolic sizes are not modelled");
    if (symbolic::Expr::productStaysUnexpanded(product, *e))
      return unsupported("a symbolic numel that is a product of a sum ((" + product.str() + ")*(" +
                         e->str() + ")), which sympy keeps unexpanded: not modelled");
    product = product * *e;
  }
  if (product.isConstant()) return ConstantVariable::make(product.constant());
  // A numel that is a bare symbol (a (s68, 1) tensor) is still a `numel` node, which the
  // hash-consing at the end replaces by the symbol's placeholder: its name is taken
  // (the next one is numel_1).
  NodeId node = ctx.output.callMethod(method, {tracer::GraphArg::ofNode(tensor)}, {});
  auto& graph = ctx.output.graph();
  graph.node(node).symExpr = product.str();
  graph.node(node).symValue = product;
  return VtPtr(std::make_shared<SymIntVariable>(node, ctx.output.shapeEnv().hintOf(product),
                                                meta.numel(), product));
}

// size / dim / numel / ndimension / stride / is_contiguous: answered from the metadata.
Expected<VtPtr> metadataMethod(Tx& tx, const fake::TensorMeta& meta, NodeId node,
                               const std::string& name, Args& args) {
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
  }
  int64_t ndim = static_cast<int64_t>(meta.sizes.size());
  if (name == "dim" || name == "ndimension") return ConstantVariable::make(ndim);
  // Sizes the shape env fixed are numbers to numel (its expression through the
  // replacements) and to is_contiguous.
  if (tracer::hasConstantReplacement(tx.context())) {
    fake::TensorMeta fixed = meta;
    if (tracer::specialiseMeta(tx.context(), fixed) && name != "size" && name != "stride")
      return metadataMethod(tx, fixed, node, name, args);
  }
  if (name == "numel" || name == "nelement") {
    if (!anySymbolicSize(tx.context(), meta.sizes)) return ConstantVariable::make(meta.numel());
    return symbolicNumel(tx, node, meta, name);
  }
  if (name == "is_contiguous" && args.empty()) return ConstantVariable::make(meta.isContiguous());
  const fake::Shape& xs = name == "stride" ? meta.strides : meta.sizes;
  const char* what = name == "stride" ? "stride" : "size";
  bool sizeRead = name == "size" && anySymbolicSize(tx.context(), xs);
  if (args.empty())
    return sizeRead ? symbolicSizeRead(tx, node, xs, std::nullopt)
                    : sizeTuple(tx, xs, what, name == "size");
  if (args.size() == 1) {
    if (auto d = constantInt(args[0])) {
      int64_t k = *d < 0 ? *d + ndim : *d;
      if (k >= 0 && k < ndim) {
        auto e = tracer::sizeExpr(tx.context(), xs[static_cast<size_t>(k)]);
        if (sizeRead && !tracer::specialisedSize(tx.context(), xs[static_cast<size_t>(k)]) &&
            (!e || !e->isConstant()))
          return symbolicSizeRead(tx, node, xs, *d, static_cast<size_t>(k));
        return sizeValue(tx, xs[static_cast<size_t>(k)], what);
      }
    }
  }
  return unsupported("tensor." + name + "() with these arguments");
}

// The autograd attributes Dynamo refuses or answers by name (method_attr_retain_grad,
// method_attr_grad_fn, .grad_dtype's generic handling); nullopt for the others.
std::optional<Expected<VtPtr>> autogradAttr(Tx& tx, const TensorVariable& t,
                                            const std::string& name) {
  // method_attr_retain_grad: reading .retain_grad at all is Unsupported (raised from
  // LOAD_ATTR, outside break_graph_if_unsupported).
  if (name == "retain_grad")
    return Expected<VtPtr>(
        tracer::stepGraphBreak(tx, "Tensor.retain_grad() with AOTDispatcher",
                               "`Tensor.retain_grad()` does not work with AOTDispatcher."));
  // try_generic_attr_handling of .grad_dtype: a getattr node whose example value is a
  // torch.dtype (never None) makes wrap_fx_proxy raise Unsupported from LOAD_ATTR.
  if (name == "grad_dtype")
    return Expected<VtPtr>(
        tracer::stepGraphBreak(tx, "torch.* op returned non-Tensor",
                               "torch.* ops that return a non-Tensor cannot be traced into "
                               "the Dynamo FX graph output"));
  // method_attr_grad_fn: None for a tensor without a grad_fn (a Python constant: no
  // TYPE_MATCH); Unsupported for one with a grad_fn (has_grad_fn of the example value: a
  // tensor computed while tracing that requires grad, or a graph input whose recorded
  // grad_fn is set).
  if (name == "grad_fn") {
    bool hasGradFn = t.meta().requiresGrad;
    if (t.recorded()) {
      auto rec = tx.context().trace.object(t.recorded());
      if (!rec || rec->which() != schema::Object::Which::TENSOR)
        return Expected<VtPtr>(Error("tensor missing from the trace"));
      hasGradFn = rec->getTensor().getGradFn().size() != 0;
    } else if (t.source()) {
      return Expected<VtPtr>(unsupported("grad_fn of a sourced tensor that was not recorded"));
    }
    if (!hasGradFn) return Expected<VtPtr>(ConstantVariable::make(NoneValue{}));
    return Expected<VtPtr>(
        tracer::stepGraphBreak(tx, "Tensor with grad_fn()",
                               "Dynamo does not support tracing tensors with a grad_fn "
                               "directly."));
  }
  return std::nullopt;
}

}  // namespace

Expected<VtPtr> TensorVariable::varGetattr(Tx& tx, const std::string& name) {
  if (name == "shape") {
    if (!anySymbolicSize(tx.context(), meta_.sizes))
      return sizeTuple(tx, meta_.sizes, "size", true);
    // method_attr_shape: a size with symbols is no Python constant, so var_getattr puts
    // TYPE_MATCH on the tensor's source.
    if (source()) tx.context().output.addGuard(GuardKind::TYPE_MATCH, source()->name());
    return symbolicSizeRead(tx, node_, meta_.sizes, std::nullopt);
  }
  if (name == "__class__" && pythonTypeName() == "Tensor") {
    // var_getattr: VariableTracker.build(tx, python_type()), a sourceless class
    // variable of torch.Tensor (no guard); the core models that class as a builtin.
    return VtPtr(std::make_shared<BuiltinVariable>("torch.Tensor", nullptr));
  }
  if (name == "dtype")
    return torchConstant(TorchConstant::Kind::kDtype, std::string(fake::dtypeName(meta_.dtype)));
  if (name == "device") return torchConstant(TorchConstant::Kind::kDevice, meta_.device.str());
  // method_attr_layout: VariableTracker.build of the layout, a constant (no TYPE_MATCH);
  // the core's tensors are strided (the variable builder refuses the other layouts).
  if (name == "layout") return torchConstant(TorchConstant::Kind::kLayout, "torch.strided");
  if (name == "ndim") return ConstantVariable::make(static_cast<int64_t>(meta_.sizes.size()));
  if (name == "requires_grad") {
    // TensorVariable.var_getattr: a method_attr_ result that is not a Python constant,
    // and requires_grad and grad always, put TYPE_MATCH on the tensor's source (checked
    // before the tensor guards).
    if (source()) tx.context().output.addGuard(GuardKind::TYPE_MATCH, source()->name());
    return ConstantVariable::make(meta_.requiresGrad);
  }
  if (name == "is_cuda") return ConstantVariable::make(meta_.device.type == "cuda");
  // Layout queries: the core's tensors are dense, unquantized and not nested
  // (method_attr_is_sparse / is_quantized / is_nested give constants).
  if (name == "is_sparse" || name == "is_quantized" || name == "is_nested")
    return ConstantVariable::make(false);
  // method_attr_data: torch._C._autograd._get_data_attr(t) in the graph; its result is
  // no constant, so a sourced tensor gets TYPE_MATCH.
  if (name == "data") {
    if (source()) tx.context().output.addGuard(GuardKind::TYPE_MATCH, source()->name());
    return tracer::tensorCall(tx, false, "torch._C._autograd._get_data_attr",
                              "torch._C._autograd._get_data_attr", {self()}, {});
  }
  // try_generic_attr_handling: getset attributes become getattr(t, name) nodes.
  if (name == "T" || name == "mT" || name == "H" || name == "mH" || name == "real" ||
      name == "imag")
    return tracer::tensorCall(tx, false, "getattr", "getattr",
                              {self(), ConstantVariable::make(name)}, {});
  // try_generic_attr_handling on a getset attribute whose fake value is a Python bool or int:
  // a getattr node (wrap_fx_proxy keeps it, with the constant as its example value) and a
  // ConstantVariable of that value. Device kinds and sizes are known from the metadata; a
  // tensor that does not require grad is a leaf.
  {
    std::optional<ConstantValue> value;
    const std::string& dev = meta_.device.type;
    static const std::unordered_map<std::string, std::string> kDeviceKinds = {
        {"is_cpu", "cpu"},   {"is_meta", "meta"}, {"is_mps", "mps"},
        {"is_xpu", "xpu"},   {"is_xla", "xla"},   {"is_ipu", "ipu"},
        {"is_maia", "maia"}, {"is_mtia", "mtia"}, {"is_vulkan", "vulkan"}};
    if (auto k = kDeviceKinds.find(name); k != kDeviceKinds.end()) value = dev == k->second;
    if (name == "is_mkldnn" || name == "is_sparse_csr") value = false;
    if (name == "itemsize") value = int64_t{fake::elementSize(meta_.dtype)};
    // A tensor that does not require grad has no grad_fn: a leaf, output 0, no retained grad.
    if (name == "is_leaf" && !meta_.requiresGrad) value = true;
    if (name == "retains_grad" && !meta_.requiresGrad) value = false;
    if (name == "output_nr" && !meta_.requiresGrad) value = int64_t{0};
    if (name == "nbytes") {
      auto numel = sizeValue(tx, meta_.numel(), "numel");
      if (!numel) return numel;
      if (auto k = constantInt(*numel)) value = int64_t{*k * fake::elementSize(meta_.dtype)};
    }
    // Named tensors are not modelled (the recorder gives none): .name is None, a getattr
    // node whose example value is None (wrap_fx_proxy's ConstantVariable(None)).
    if (name == "name") value = NoneValue{};
    if (value) {
      auto& out = tx.context().output;
      NodeId n = out.callFunction(
          "getattr", {tracer::GraphArg::ofNode(node_), tracer::GraphArg::ofConstant(name)}, {});
      if (const bool* b = std::get_if<bool>(&*value))
        out.graph().node(n).exampleText = *b ? "bool True" : "bool False";
      else if (const int64_t* i = std::get_if<int64_t>(&*value))
        out.graph().node(n).exampleText = "int " + std::to_string(*i);
      return ConstantVariable::make(*value);
    }
  }
  if (auto r = autogradAttr(tx, *this, name)) return std::move(*r);
  // method_attr__version: torch._dynamo.tensor_version_op._tensor_version called in the
  // graph; its unbacked SymInt is no constant, so a sourced tensor gets TYPE_MATCH.
  if (name == "_version") {
    if (source()) tx.context().output.addGuard(GuardKind::TYPE_MATCH, source()->name());
    return tracer::unbackedTensorVersion(tx, node_);
  }
  // The other getset attributes of torch.Tensor (all_tensor_attrs' GetSetDescriptors):
  // try_generic_attr_handling puts a getattr node in the graph whose example value is no
  // tensor for most of them; not modelled, named rather than taken for a bound method.
  static const std::unordered_set<std::string> kUnmodelled = {"grad",
                                                              "grad_fn",
                                                              "grad_dtype",
                                                              "is_cpu",
                                                              "is_ipu",
                                                              "is_leaf",
                                                              "is_maia",
                                                              "is_meta",
                                                              "is_mkldnn",
                                                              "is_mps",
                                                              "is_mtia",
                                                              "is_sparse_csr",
                                                              "is_vulkan",
                                                              "is_xla",
                                                              "is_xpu",
                                                              "itemsize",
                                                              "nbytes",
                                                              "output_nr",
                                                              "retains_grad",
                                                              "volatile",
                                                              "_base",
                                                              "_grad",
                                                              "_grad_fn",
                                                              "_cdata",
                                                              "_backward_hooks",
                                                              "_python_dispatch",
                                                              "_post_accumulate_grad_hooks",
                                                              "_has_symbolic_sizes_strides"};
  if (kUnmodelled.count(name)) return unsupported("tensor attribute ." + name);
  // An in-place view read off a tensor with a source: a DelayGraphBreakVariable whose call
  // breaks (metadata mutation of a graph input is not traced).
  if (source() && isInplaceViewMethod(name))
    return VtPtr(std::make_shared<DelayGraphBreakVariable>(
        Source::attr(source(), name), "Getting an inplace view on a graph input is not supported"));
  return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
}

// method_backward: with config.trace_autograd_ops off (the default) Dynamo graph-breaks
// before looking at the arguments; the traced backward it does otherwise is not modelled.
static Expected<VtPtr> backwardCall(Tx& tx) {
  std::optional<std::string> traceAutograd;
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "trace_autograd_ops")
      traceAutograd = kv.getValue().cStr();
  if (!traceAutograd)
    return unsupported(
        "tensor.backward() (this trace does not record config.trace_autograd_ops: re-record)");
  if (*traceAutograd != "False")
    return unsupported("tensor.backward() under config.trace_autograd_ops (not modelled)");
  return tracer::graphBreak(tx, "Unsupported Tensor.backward() call",
                            "Dynamo currently does not support tracing `Tensor.backward()` when "
                            "trace_autograd_ops is off.");
}

namespace {

// The methods Dynamo answers without a graph value: the ones whose fake result is a
// Python value, tensor.is_inference(), and method_detach_ (the node, then self). Nullopt
// for any other method.
std::optional<Expected<VtPtr>> valueMethod(Tx& tx, const VtPtr& self, const std::string& name,
                                           Args& args, const Kwargs& kwargs) {
  // Methods whose fake result is a Python value (wrap_fx_proxy_cls: "torch.* op returned
  // non-Tensor"): the graph breaks at the call.
  static const std::unordered_map<std::string, size_t> kNonTensor = {
      {"storage_offset", 0}, {"is_same_size", 1}, {"is_signed", 0}, {"is_conj", 0}, {"is_neg", 0}};
  if (auto nt = kNonTensor.find(name);
      nt != kNonTensor.end() && args.size() == nt->second && kwargs.empty()) {
    if (!args.empty()) {
      auto other = tx.realize(args[0]);
      if (!other) return other;
      if ((*other)->kind() != VtKind::kTensor)
        return unsupported("Tensor." + name + " of a " + (*other)->pythonTypeName());
    }
    return tracer::graphBreak(tx, "torch.* op returned non-Tensor",
                              "torch.* ops that return a non-Tensor cannot be traced into the "
                              "Dynamo FX graph output");
  }
  // method_is_inference: a graph break (not supported by Dynamo).
  if (name == "is_inference" && args.empty() && kwargs.empty())
    return tracer::graphBreak(tx, "Encountered tensor.is_inference() during tracing",
                              "tensor.is_inference() is not supported");
  // method_detach_: the call_method node, run on the fake tensor, and the tensor itself
  // as the result (later uses read the original node).
  if (name == "detach_" && args.empty() && kwargs.empty()) {
    auto r = tracer::tensorCall(tx, true, "detach_", "Tensor.detach_", {self}, {});
    if (!r) return r;
    return self;
  }
  return std::nullopt;
}

}  // namespace

namespace {

// TensorVariable.call_method's method_<name> handlers that decompose an in-place method
// (enable_dynamo_decompositions): addcmul_ / addcdiv_ with a `value`.
std::optional<Expected<VtPtr>> decomposedInplaceMethod(Tx& tx, TensorVariable& t,
                                                       const std::string& name, Args& args,
                                                       Kwargs& kwargs) {
  if (name == "addcmul_" && args.size() == 2 && kwargs.size() == 1 && kwargs[0].first == "value") {
    // method_addcmul_ (enable_dynamo_decompositions): mul, inductor_prims.fma, copy_.
    auto mul = tracer::tensorCall(tx, false, "torch.mul", "torch.mul", {args[0], args[1]}, {});
    if (!mul) return mul;
    const std::string fma = "torch.ops.prims.fma.default";
    auto f = tracer::tensorCall(tx, false, fma, fma, {*mul, kwargs[0].second, t.self()}, {});
    if (!f) return f;
    return t.callMethod(tx, "copy_", {*f}, {});
  }
  if (name == "addcdiv_" && args.size() == 2 && kwargs.size() == 1 && kwargs[0].first == "value") {
    // method_addcdiv_ (enable_dynamo_decompositions): div, inductor_prims.fma, copy_.
    auto div = tracer::tensorCall(tx, false, "torch.div", "torch.div", {args[0], args[1]}, {});
    if (!div) return div;
    const std::string fma = "torch.ops.prims.fma.default";
    auto f = tracer::tensorCall(tx, false, fma, fma, {*div, kwargs[0].second, t.self()}, {});
    if (!f) return f;
    return t.callMethod(tx, "copy_", {*f}, {});
  }
  return std::nullopt;
}

// method_type, method_new_tensor, method_new: the legacy type name and the constructors a
// tensor answers for (`x.type()`, `x.new_tensor(data)`, `x.new(sizes)`). `type(str)` and
// `type(dtype)` fall through to the generic call (with a tensortype class made its name).
std::optional<Expected<VtPtr>> legacyTypeOrConstructorMethod(Tx& tx, TensorVariable& t,
                                                             const std::string& name, Args& args,
                                                             Kwargs& kwargs) {
  if (name == "type" && args.empty() && kwargs.empty()) {
    // TensorVariable.method_type: the legacy type name, "torch.FloatTensor" on the CPU.
    auto n = fake::tensorTypeName(t.meta().dtype);
    if (!n)
      return unsupported("Tensor.type() of a " + std::string(fake::dtypeName(t.meta().dtype)) +
                         " tensor");
    if (t.meta().device.type != "cpu")
      return unsupported("Tensor.type() of a tensor on " + t.meta().device.type);
    return ConstantVariable::make("torch." + std::string(*n));
  }
  if (name == "type" && args.size() == 1) {
    auto a = tx.realize(args[0]);
    if (!a) return a;
    args[0] = *a;
    // method_type: a legacy tensor type class (fqn(type(cls)) == "torch.tensortype")
    // goes to the graph as its name; for a str or a torch.dtype it returns None and the
    // generic call_method puts the call in the graph.
    if (args[0]->kind() == VtKind::kBuiltin) {
      const std::string& cls = static_cast<const BuiltinVariable&>(*args[0]).name();
      if (fake::dtypeOfTensorType(cls)) args[0] = ConstantVariable::make(cls);
    }
    const ConstantVariable* c = asConstant(args[0]);
    const auto* tc = c ? std::get_if<TorchConstant>(&c->value()) : nullptr;
    if (!constantStr(args[0]) && !(tc && tc->kind == TorchConstant::Kind::kDtype))
      return unsupported("Tensor.type() of a " + args[0]->pythonTypeName());
  }
  if (name == "new_tensor" && args.size() == 1 &&
      std::all_of(kwargs.begin(), kwargs.end(), [](const auto& kv) {
        return kv.first == "dtype" || kv.first == "device" || kv.first == "requires_grad";
      })) {
    // method_new_tensor: torch.tensor(data, dtype=self.dtype, device=self.device) unless
    // given.
    auto has = [&](const char* k) {
      return std::any_of(kwargs.begin(), kwargs.end(),
                         [k](const auto& kv) { return kv.first == k; });
    };
    for (const char* k : {"dtype", "device"}) {
      if (has(k)) continue;
      auto v = t.varGetattr(tx, k);
      if (!v) return v;
      kwargs.emplace_back(k, *v);
    }
    TorchFunctionVariable ctor("torch.tensor", true);
    return ctor.callFunction(tx, std::move(args), std::move(kwargs));
  }
  if (name == "new" && !args.empty()) {
    // method_new: x.new(torch.Size) or x.new(ints...) is x.new_empty(...).
    bool sizeArg = args.size() == 1 && args[0]->kind() == VtKind::kSize;
    bool ints = std::all_of(args.begin(), args.end(), [](const VtPtr& a) {
      const ConstantVariable* c = asConstant(a);
      return c && std::holds_alternative<int64_t>(c->value());
    });
    if (sizeArg || ints) return t.callMethod(tx, "new_empty", std::move(args), std::move(kwargs));
  }
  return std::nullopt;
}

// The methods that leave the graph: item / tolist (a scalar), numpy, untyped_storage,
// backward, and __iter__ (the unpacked rows).
std::optional<Expected<VtPtr>> scalarStorageOrIterMethod(Tx& tx, TensorVariable& t,
                                                         const std::string& name, Args& args,
                                                         Kwargs& kwargs) {
  if (name == "item") {
    if (tx.context().trace.configOf(tx.context().event).getCaptureScalarOutputs()) {
      if (!args.empty() || !kwargs.empty()) return unsupported("Tensor.item() with arguments");
      return tracer::unbackedItem(tx, t.node(), t.meta());
    }
    // TensorVariable.method_item with capture_scalar_outputs=False.
    return tracer::graphBreak(tx,
                              "Unsupported Tensor.item() call with capture_scalar_outputs=False",
                              "Dynamo does not support tracing Tensor.item()");
  }
  if (name == "tolist" && !fake::isIntegral(t.meta().dtype, true)) {
    return tracer::graphBreak(tx, "Tensor.tolist() with non-integer tensor",
                              "Dynamo only traces tolist() of integer tensors");
  }
  // Not modelled; and the protocol's dunders a tensor does not answer (`x in t` ...).
  if (name == "numpy") return tensorToNumpy(tx, t, args, kwargs);
  if (name == "untyped_storage" && args.empty() && kwargs.empty()) {
    // method_untyped_storage: the fake tensor's storage; a graph input's is the recorded
    // one (a view may see a larger storage than its own extent).
    if (!t.recorded())
      return unsupported("untyped_storage() of a tensor made while tracing (its fake storage)");
    auto rec = tx.context().trace.object(t.recorded());
    if (!rec || rec->which() != schema::Object::Which::TENSOR)
      return Error("tensor missing from the trace");
    return VtPtr(std::make_shared<UntypedStorageVariable>(rec->getTensor().getStorageBytes()));
  }
  if (name == "backward") return backwardCall(tx);
  static const std::unordered_set<std::string> kUnmodelled = {"tolist"};
  if (kUnmodelled.count(name)) return unsupported("tensor." + name + "()");
  // method___iter__ (tp_iter_impl): a list iterator over the unpacked rows.
  if (name == "__iter__" && args.empty() && kwargs.empty()) {
    auto rows = t.unpackVarSequence(tx);
    if (!rows) return rows.error();
    return VtPtr(std::make_shared<ListIteratorVariable>(std::move(*rows)));
  }
  return std::nullopt;
}

}  // namespace

Expected<VtPtr> TensorVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                           Kwargs kwargs) {
  static const std::unordered_set<std::string> kMetadata = {
      "size", "dim", "numel", "nelement", "ndimension", "stride", "is_contiguous"};
  if (kMetadata.count(name) && kwargs.empty()) {
    return metadataMethod(tx, meta_, node_, name, args);
  }
  using MetaAnswer = VtPtr (*)(const fake::TensorMeta&);
  static const std::unordered_map<std::string, MetaAnswer> kAnswers = {
      {"is_floating_point",
       [](const fake::TensorMeta& m) { return ConstantVariable::make(fake::isFloating(m.dtype)); }},
      {"is_complex",
       [](const fake::TensorMeta& m) { return ConstantVariable::make(fake::isComplex(m.dtype)); }},
      {"element_size", [](const fake::TensorMeta& m) {
         return ConstantVariable::make(int64_t{fake::elementSize(m.dtype)});
       }}};
  if (auto a = kAnswers.find(name); a != kAnswers.end() && args.empty() && kwargs.empty())
    return a->second(meta_);
  // call_method's early refusals: random_ (its aten decomposition is not valid Python) and
  // uniform_ with the `from` keyword.
  if (name == "random_")
    return tracer::graphBreak(tx, "Tensor.random_ op", "This is currently not supported.");
  if (name == "uniform_" &&
      std::any_of(kwargs.begin(), kwargs.end(), [](const auto& kv) { return kv.first == "from"; }))
    return tracer::graphBreak(tx, "Tensor.uniform_ op called with `from` keyword",
                              "This is currently not supported.");
  // method___neg__ / __pos__ / __abs__ (nb_negative_impl ...): an operator.neg / pos / abs
  // call_function in the graph.
  if ((name == "__neg__" || name == "__pos__" || name == "__abs__") && args.empty() &&
      kwargs.empty()) {
    const std::string op = "operator." + name.substr(2, 3);
    return tracer::tensorCall(tx, false, op, op, {self()}, {});
  }
  if (auto v = valueMethod(tx, self(), name, args, kwargs)) return std::move(*v);
  if (auto b = tensorMethodBreak(tx, *this, name, args, kwargs)) return std::move(*b);
  // method_data_ptr / method_const_data_ptr: a DataPtrVariable, no node.
  if ((name == "data_ptr" || name == "const_data_ptr") && args.empty() && kwargs.empty())
    return makeDataPtr(tx, *this, name);
  // method_get_device: the device index, -1 on the CPU.
  if (name == "get_device" && args.empty() && kwargs.empty() && meta_.device.type == "cpu")
    return ConstantVariable::make(int64_t{-1});
  if (auto d = decomposedInplaceMethod(tx, *this, name, args, kwargs)) return std::move(*d);
  if (auto l = legacyTypeOrConstructorMethod(tx, *this, name, args, kwargs)) return std::move(*l);
  if (auto v = scalarStorageOrIterMethod(tx, *this, name, args, kwargs)) return std::move(*v);
  static const std::unordered_set<std::string> kProtocolOnly = {"__contains__", "__delitem__",
                                                                "__setattr__", "__iter__"};
  if (kProtocolOnly.count(name))
    return VariableTracker::callMethod(tx, name, std::move(args), std::move(kwargs));
  return dunderOrGraphCall(tx, name, std::move(args), std::move(kwargs));
}

// unpack_var_sequence with a known first size n: the rows, each wrap_fx_proxy of
// proxy[i] (a getitem node). A symbolic first size (evaluated to a guard there) and a
// tensor subclass are not modelled; a 0-d tensor is Dynamo's assertion.
Expected<std::vector<VtPtr>> TensorVariable::unpackVarSequence(Tx& tx) {
  if (kind() != VtKind::kTensor) return unsupported("unpacking a " + pythonTypeName());
  if (meta_.sizes.empty()) return unsupported("unpacking a 0-d tensor (Dynamo asserts)");
  auto n = sizeValue(tx, meta_.sizes[0], "size");
  if (!n) return n.error();
  auto len = constantInt(*n);
  if (!len) return unsupported("unpacking a tensor whose first size is symbolic");
  std::vector<VtPtr> rows;
  for (int64_t i = 0; i < *len; ++i) {
    auto r = dunderOrGraphCall(tx, "__getitem__", {ConstantVariable::make(i)}, {});
    if (!r) return r.error();
    rows.push_back(*r);
  }
  return rows;
}

// __getitem__ / __setitem__ / __len__, and every other method as a graph call.
Expected<VtPtr> TensorVariable::dunderOrGraphCall(Tx& tx, const std::string& name, Args args,
                                                  Kwargs kwargs) {
  if (name == "__getitem__" && args.size() == 1 && kwargs.empty()) {
    auto i = tx.realize(args[0]);
    if (!i) return i;
    // An index that is a SymInt: TensorVariable's getitem with a SymNodeVariable index is
    // torch.select(t, 0, index) in the graph.
    if ((*i)->kind() == VtKind::kSymInt) {
      // select's bounds check (-size <= index < size) is a shape guard unless the ranges
      // decide it.
      if (meta_.sizes.empty()) return unsupported("indexing a 0-d tensor by a SymInt");
      auto sizeE = tracer::sizeExpr(tx.context(), meta_.sizes[0]);
      if (!sizeE)
        return unsupported(
            "indexing by a SymInt a dim whose size is derived from size symbols by an op whose "
            "symbolic sizes are not modelled");
      symbolic::Expr size = *sizeE;
      const auto& index = static_cast<const SymIntVariable&>(**i).expr();
      auto& env = tx.context().output.shapeEnv();
      env.evaluate({index, symbolic::RelOp::kGe, -size});
      env.evaluate({index, symbolic::RelOp::kLt, size});
      return tracer::tensorCall(tx, false, "torch.select", "torch.select",
                                {self(), ConstantVariable::make(int64_t{0}), *i}, {});
    }
    // A slice whose sizes come from _compute_slice_index on symbols: a SymInt bound, or
    // a bound of a symbolic dim that is not trivial (x[1:], x[:-2]: its guards).
    auto symbolicBounds = [&](const VtPtr& v, size_t dim) {
      return v->kind() == VtKind::kSlice &&
             slicesSymbolically(tx, static_cast<const SliceVariable&>(*v), dim);
    };
    bool symbolic = symbolicBounds(*i, 0);
    if (auto* seq = dynamic_cast<const SequenceVariable*>(i->get()); seq && seq->isTuple())
      for (size_t d = 0; d < seq->items().size(); ++d)
        symbolic = symbolic || symbolicBounds(seq->items()[d], d);
    if (symbolic) return symbolicSlice(tx, *i);
    return tracer::tensorCall(tx, false, "operator.getitem", "operator.getitem", {self(), *i}, {});
  }
  if (name == "__setitem__" && args.size() == 2 && kwargs.empty()) {
    auto k = tx.realize(args[0]);
    if (!k) return k;
    return tracer::tensorSetItem(tx, self(), *k, args[1]);
  }
  if (name == "__len__" && args.empty()) {
    if (meta_.sizes.empty()) return unsupported("len() of a 0-d tensor (TypeError path)");
    // method___len__: self.call_method("size", [0]).
    auto e = tracer::sizeExpr(tx.context(), meta_.sizes[0]);
    if (e && e->isConstant()) return ConstantVariable::make(e->constant());
    return symbolicSizeRead(tx, node_, meta_.sizes, int64_t{0}, 0);
  }
  Args full;
  full.push_back(self());
  for (auto& a : args) full.push_back(std::move(a));
  return tracer::tensorCall(tx, true, name, "Tensor." + name, std::move(full), std::move(kwargs));
}

// fake_impls.py slice_forward with SymInt bounds, on dim 0: each bound resolved by
// _compute_slice_index (guard_or_false, which guards backed symbols on their hints), the
// size (end - start + step - 1) // step when end >= start. The slice's fake bounds are
// then the stand-ins of what it resolved to; a size that is no symbol or constant (a
// derived expression, a sym_min) is not modelled and says so.
bool TensorVariable::slicesSymbolically(Tx& tx, const SliceVariable& sl, size_t dim) const {
  for (const auto& part : {sl.start(), sl.stop(), sl.step()})
    if (part->kind() == VtKind::kSymInt) return true;
  if (dim >= meta_.sizes.size()) return false;
  auto size = tracer::sizeExpr(tx.context(), meta_.sizes[dim]);
  if (size && size->isConstant()) return false;
  auto start = constantInt(sl.start()), stop = constantInt(sl.stop());
  return (start && *start != 0) || stop.has_value();
}

Expected<VtPtr> TensorVariable::symbolicSlice(Tx& tx, const VtPtr& index) {
  std::vector<std::pair<size_t, int64_t>> patches;  // dim, stand-in size
  if (index->kind() == VtKind::kSlice) {
    if (Status st = resolveSlice(tx, static_cast<SliceVariable&>(*index), 0, patches); !st)
      return st.error();
  } else {
    // A tuple of slices, one per leading dim (ints, None, Ellipsis and tensors in the
    // tuple move the dims: not modelled with SymInt bounds).
    const auto& items = static_cast<const SequenceVariable&>(*index).items();
    if (items.size() > meta_.sizes.size())
      return unsupported("too many indices for the tensor (IndexError path)");
    for (size_t d = 0; d < items.size(); ++d) {
      if (items[d]->kind() != VtKind::kSlice)
        return unsupported("a tuple index mixing " + items[d]->pythonTypeName() +
                           " with SymInt slice bounds");
      auto& sl = static_cast<SliceVariable&>(*items[d]);
      if (!slicesSymbolically(tx, sl, d)) continue;
      if (Status st = resolveSlice(tx, sl, d, patches); !st) return st.error();
    }
  }
  auto out =
      tracer::tensorCall(tx, false, "operator.getitem", "operator.getitem", {self(), index}, {});
  if (!out || patches.empty()) return out;
  if ((*out)->kind() != VtKind::kTensor) return Error("internal: a slice that is no tensor");
  auto& t = static_cast<TensorVariable&>(**out);
  fake::TensorMeta meta = t.meta();
  for (const auto& [dim, size] : patches) meta.sizes[dim] = size;
  tx.context().output.graph().node(t.node()).meta = meta;
  return VtPtr(std::make_shared<TensorVariable>(t.node(), meta));
}

Status TensorVariable::resolveSlice(Tx& tx, SliceVariable& slice, size_t dim,
                                    std::vector<std::pair<size_t, int64_t>>& patches) {
  auto* sl = &slice;
  if (meta_.sizes.size() <= dim) return unsupported("slicing a 0-d tensor (RuntimeError path)");
  using symbolic::Expr;
  using symbolic::RelOp;
  auto sizeE = tracer::sizeExpr(tx.context(), meta_.sizes[dim]);
  if (!sizeE)
    return unsupported(
        "slicing by a SymInt a dim whose size is derived from size symbols by an op whose "
        "symbolic sizes are not modelled");
  Expr size = *sizeE;
  auto& ctx = tx.context();
  auto& env = ctx.output.shapeEnv();
  auto exprOf = [&](const VtPtr& v) -> std::optional<Expr> {
    if (v->kind() == VtKind::kSymInt) return static_cast<const SymIntVariable&>(*v).expr();
    if (auto k = constantInt(v)) return Expr(*k);
    return std::nullopt;  // None
  };
  if (sl->step()->kind() == VtKind::kSymInt) return unsupported("a SymInt slice step");
  int64_t step = constantInt(sl->step()).value_or(1);
  if (step <= 0) return unsupported("a slice step that is not positive (RuntimeError path)");
  auto failed = [&]() -> Status { return unsupported("dynamic shapes: " + env.unsupported()); };
  auto resolve = [&](const Expr& idx) { return tracer::computeSliceIndex(ctx, size, idx); };
  Expr start(0), end = size;
  if (auto s = exprOf(sl->start())) {
    auto r = resolve(*s);
    if (!r) return failed();
    start = *r;
  }
  if (auto e = exprOf(sl->stop())) {
    auto r = resolve(*e);
    if (!r) return failed();
    end = *r;
  }
  std::optional<Expr> newSize;
  auto ordered = env.guardAll({{end, RelOp::kGe, start}});
  if (!ordered) return failed();
  if (*ordered) {
    newSize = Expr::floorDiv(end - start + Expr(step - 1), Expr(step), &env);
  } else {
    auto empty = env.guardAll({{start, RelOp::kGe, end}});
    if (!empty) return failed();
    if (*empty) newSize = Expr(0);
  }
  if (!newSize) return unsupported("a slice whose bounds sym_max orders (not modelled)");
  // The stand-in of the new size in fake tensors.
  Expr replaced = env.replace(*newSize);
  std::optional<int64_t> fake;
  if (replaced.isConstant()) {
    fake = replaced.constant();
  } else if (auto sym = replaced.asSymbol()) {
    if (auto it = ctx.symbolStandIn.find(*sym); it != ctx.symbolStandIn.end()) fake = it->second;
  }
  if (!fake) {
    // A size derived from symbols ((s77//2), s77 - 1): its value at the stand-ins, which
    // the fake slice computes, is that expression from now on.
    fake = tracer::standInValue(ctx, replaced);
    if (!fake)
      return unsupported("dynamic shapes: slicing by a SymInt gives a size " + replaced.str() +
                         " over symbols without a stand-in (int inputs)");
    if (Status st = tracer::registerDerivedSize(ctx, *fake, replaced); !st) return st;
  }
  // Where the fake slice starts: the start's value at the stand-ins (an int input's
  // symbol at its hint), so the storage offset is the one Dynamo computes.
  std::map<std::string, int64_t> fakeValues = ctx.symbolStandIn;
  for (const auto& info : env.symbols()) fakeValues.emplace(info.name, info.hint);
  auto fakeStart = env.replace(start).evaluate(fakeValues);
  if (!fakeStart) return unsupported("a slice start without a value at the stand-ins");
  if (*fakeStart != 0) {
    if (*fakeStart < 0 || *fakeStart + *fake * step > meta_.sizes[dim] + step - 1)
      return unsupported("a slice with a symbolic start whose stand-in leaves the dim");
    sl->setFakeBounds({*fakeStart, *fakeStart + *fake * step, step});
    return Status::success();
  }
  if (*fake * step > meta_.sizes[dim] + step - 1) {
    // The shape env says the slice keeps a symbol no larger than the dim (its guards
    // hold on the hints), but the stand-ins are ordered otherwise: the fake slice takes
    // the whole dim and its size is set to the stand-in afterwards (a slice of one dim
    // changes only that size and the storage offset).
    if (step != 1) return unsupported("a strided SymInt slice whose stand-in exceeds the dim's");
    patches.emplace_back(dim, *fake);
    sl->setFakeBounds({int64_t{0}, meta_.sizes[dim], step});
    return Status::success();
  }
  sl->setFakeBounds({int64_t{0}, *fake * step, step});
  return Status::success();
}

Expected<bool> TensorVariable::boolValue(Tx& tx) {
  return tracer::graphBreak(tx, "Data-dependent branching",
                            "Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`)");
}

}  // namespace dynrr::vt
