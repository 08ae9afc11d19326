// numpy_ndarray.cpp — see numpy_ndarray.h (NumpyNdarrayVariable.var_getattr,
// TensorVariable.method_numpy, TorchInGraphFunctionVariable's handle_from_numpy).
#include "core/vt/numpy_ndarray.h"

#include <algorithm>
#include <unordered_set>

#include "core/fake/dtype.h"
#include "core/fake/op_registry.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/numpy_functions.h"

namespace dynrr::vt {
namespace {

using tracer::GraphArg;

// The ndarray's node feeding a graph call (NumpyNdarrayVariable.as_proxy).
NodeId newNode(Tx& tx, NodeId node, const fake::TensorMeta& meta) {
  tx.context().output.graph().node(node).meta = meta;
  return node;
}

// numpy_attr_wrapper(a, name)'s example value for T / real / imag of a real dtype:
// torch._numpy's T permutes the dimensions in reverse, real of a real tensor is the
// tensor itself, imag of one is zeros_like (same strides for a dense tensor).
Expected<fake::TensorMeta> attrMeta(const fake::TensorMeta& in, const std::string& name) {
  if (fake::isComplex(in.dtype))
    return unsupported("ndarray." + name + " of a complex array (numpy_attr_wrapper)");
  fake::TensorMeta out = in;
  if (name == "T") {
    std::reverse(out.sizes.begin(), out.sizes.end());
    std::reverse(out.strides.begin(), out.strides.end());
  } else if (name == "imag") {
    if (!in.isNonOverlappingAndDense())
      return unsupported("ndarray.imag of an array that is not dense (zeros_like's strides)");
    out.storageOffset = 0;
  }
  return out;
}

// numpy_method_wrapper(name) / numpy_operator_wrapper(op): a new wrapper object per call,
// named torch._dynamo.utils.<name> (graph::Target's "@<token>": one global each).
std::string wrapperTarget(Tx& tx, const std::string& name) {
  return "torch._dynamo.utils." + name + "@" + std::to_string(tx.context().output.graph().size());
}

// The ints of a constant int or of a tuple/list of them (a shape or axes argument).
std::optional<std::vector<int64_t>> intsOf(const VtPtr& v) {
  if (const ConstantVariable* c = asConstant(v))
    return std::holds_alternative<int64_t>(c->value())
               ? std::optional<std::vector<int64_t>>(std::vector<int64_t>{*c->asInt()})
               : std::nullopt;
  const SequenceVariable* seq = asSequence(v);
  if (!seq || v->kind() == VtKind::kSize) return std::nullopt;
  std::vector<int64_t> out;
  for (const auto& item : seq->items()) {
    const ConstantVariable* c = asConstant(item);
    if (!c || !std::holds_alternative<int64_t>(c->value())) return std::nullopt;
    out.push_back(*c->asInt());
  }
  return out;
}

// A constant argument as the graph holds it (ints, and tuples / lists of ints).
std::optional<GraphArg> graphConstant(const VtPtr& v) {
  if (const ConstantVariable* c = asConstant(v);
      c && (c->isNone() || std::holds_alternative<bool>(c->value())))
    return GraphArg::ofConstant(c->value());
  if (!intsOf(v)) return std::nullopt;
  if (const ConstantVariable* c = asConstant(v)) return GraphArg::ofConstant(c->value());
  const SequenceVariable* seq = asSequence(v);
  GraphArg g;
  g.kind = seq->isList() ? GraphArg::Kind::kList : GraphArg::Kind::kTuple;
  for (const auto& item : seq->items())
    g.items.push_back(GraphArg::ofConstant(asConstant(item)->value()));
  return g;
}

fake::MetaArg intsMeta(const std::vector<int64_t>& ints) {
  std::vector<fake::MetaArg> items;
  for (int64_t i : ints) items.emplace_back(i);
  return fake::MetaArg::list(std::move(items));
}

// Axes or a shape given as one tuple/list or as several ints (ndarray.transpose(*axes),
// ndarray.reshape(*shape)).
std::optional<std::vector<int64_t>> intsOfArgs(const Args& args) {
  if (args.size() == 1 && args[0]->kind() != VtKind::kConstant) return intsOf(args[0]);
  std::vector<int64_t> out;
  for (const auto& a : args) {
    if (a->kind() != VtKind::kConstant) return std::nullopt;
    auto i = intsOf(a);
    if (!i) return std::nullopt;
    out.push_back((*i)[0]);
  }
  return out;
}

// The example value numpy_method_wrapper(name) gives, through the torch op torch._numpy
// runs on the array's tensor: copy is clone, transpose a permutation of the axes
// (reversed when none are given), reshape Tensor.reshape, max / min / all / any the
// reductions amax / amin / all / any over `axis` (all axes when absent), for float and
// bool arrays (numpy's integer promotion differs from torch's: not modelled).
Expected<fake::TensorMeta> methodMeta(Tx& tx, const fake::TensorMeta& in, const std::string& name,
                                      const Args& args, const Kwargs& kwargs) {
  if (fake::isComplex(in.dtype)) return unsupported("ndarray." + name + "() of a complex array");
  fake::FakeContext fctx;
  fctx.gradEnabled = tx.context().gradEnabled;
  fctx.defaultDtype = tx.context().defaultDtype;
  std::vector<fake::MetaArg> margs{fake::MetaArg(in)};
  std::string op;
  auto ints = intsOfArgs(args);
  if (name == "copy" && args.empty() && kwargs.empty()) {
    op = "Tensor.clone";
  } else if (name == "transpose" && kwargs.empty() && ints) {
    std::vector<int64_t> axes = *ints;
    if (axes.empty())
      for (int64_t d = in.dim() - 1; d >= 0; --d) axes.push_back(d);
    op = "Tensor.permute";
    margs.push_back(intsMeta(axes));
  } else if (name == "reshape" && kwargs.empty() && ints && !ints->empty()) {
    op = "Tensor.reshape";
    margs.push_back(intsMeta(*ints));
  } else if ((name == "max" || name == "min" || name == "all" || name == "any") && args.empty() &&
             kwargs.size() <= 1 && (kwargs.empty() || kwargs[0].first == "axis")) {
    if (!fake::isFloating(in.dtype) && in.dtype != fake::DType::kBool)
      return unsupported("ndarray." + name + "() of a " + std::string(fake::dtypeName(in.dtype)) +
                         " array");
    op = name == "max" ? "Tensor.amax" : name == "min" ? "Tensor.amin" : "Tensor." + name;
    if (!kwargs.empty()) {
      auto axis = intsOf(kwargs[0].second);
      if (!axis || kwargs[0].second->kind() != VtKind::kConstant)
        return unsupported("ndarray." + name + "() with an axis that is not an int");
      if (name == "max" || name == "min")
        margs.push_back(intsMeta(*axis));
      else
        margs.emplace_back((*axis)[0]);
    }
  } else {
    return unsupported("ndarray method " + name + " with these arguments (numpy_method_wrapper)");
  }
  auto r = fake::callOp(op, margs, {}, fctx);
  if (!r) return unsupported("fake tensor: " + r.error().message());
  if (!r->is<fake::TensorMeta>()) return unsupported("ndarray." + name + "() giving no array");
  return r->as<fake::TensorMeta>();
}

}  // namespace

// a[index] by ints and slices (and tuples of them), which torch._numpy indexes as torch
// does: BINARY_SUBSCR's operator.getitem through numpy_operator_wrapper, a wrapped_getitem
// node with the getitem meta (an explicit a.__getitem__(i) would be numpy_method_wrapper's
// wrapped___getitem__: the core does not tell the two apart). Negative
// steps (a flip in torch._numpy), None, Ellipsis, and array / list / bool indices are not
// modelled.
Expected<VtPtr> NumpyNdarrayVariable::getItem(Tx& tx, const VtPtr& index) {
  auto refuse = [&]() {
    return unsupported("ndarray indexing by " + index->pythonTypeName() +
                       " other than ints and forward slices (torch._numpy's advanced indexing)");
  };
  std::vector<VtPtr> parts{index};
  if (index->kind() == VtKind::kTuple) parts = asSequence(index)->items();
  for (const auto& p : parts) {
    if (const ConstantVariable* c = asConstant(p)) {
      if (!std::holds_alternative<int64_t>(c->value())) return refuse();
      continue;
    }
    if (p->kind() != VtKind::kSlice) return refuse();
    const auto& sl = static_cast<const SliceVariable&>(*p);
    for (const auto& b : {sl.start(), sl.stop(), sl.step()}) {
      const ConstantVariable* c = b ? asConstant(b) : nullptr;
      if (b && (!c || !(c->isNone() || std::holds_alternative<int64_t>(c->value()))))
        return refuse();
    }
    if (const ConstantVariable* st = sl.step() ? asConstant(sl.step()) : nullptr;
        st && !st->isNone() && std::get<int64_t>(st->value()) <= 0)
      return refuse();
  }
  auto conv = tracer::convertOpArg(tx, index);
  if (!conv) return conv.error();
  fake::FakeContext fctx;
  fctx.gradEnabled = tx.context().gradEnabled;
  fctx.defaultDtype = tx.context().defaultDtype;
  auto r = fake::callOp("operator.getitem", {fake::MetaArg(meta()), conv->second}, {}, fctx);
  if (!r) return unsupported("fake tensor: " + r.error().message());
  if (!r->is<fake::TensorMeta>()) return unsupported("ndarray indexing giving no array");
  return ndarrayNode(tx, "wrapped_getitem", {GraphArg::ofNode(node()), conv->first}, {},
                     r->as<fake::TensorMeta>());
}

Expected<VtPtr> NumpyNdarrayVariable::varGetattr(Tx& tx, const std::string& name) {
  const fake::TensorMeta& m = meta();
  if (name == "T" || name == "real" || name == "imag") {
    auto out = attrMeta(m, name);
    if (!out) return out.error();
    NodeId n = tx.context().output.callFunction(
        "torch._dynamo.utils.numpy_attr_wrapper",
        {GraphArg::ofNode(node()), GraphArg::ofConstant(std::string(name))}, {});
    return VtPtr(std::make_shared<NumpyNdarrayVariable>(newNode(tx, n, *out), *out));
  }
  // Always-specialised attributes, built as constants (no guard).
  if (name == "ndim") return ConstantVariable::make(m.dim());
  if (name == "itemsize")
    return ConstantVariable::make(static_cast<int64_t>(fake::elementSize(m.dtype)));
  if (name == "shape" || name == "size") {
    if (tx.context().symbolBase != 0)
      return unsupported("ndarray." + name + " under dynamic shapes (free symbols)");
    if (name == "size") return ConstantVariable::make(m.numel());
    std::vector<VtPtr> dims;
    for (int64_t d : m.sizes) dims.push_back(ConstantVariable::make(d));
    return makeTuple(std::move(dims));
  }
  if (name == "base" || name == "flags" || name == "dtype" || name == "__version__")
    return unsupported("ndarray." + name + " (Dynamo graph-breaks: not modelled)");
  // var_getattr raises NotImplementedError for the rest: call_getattr's GetAttrVariable,
  // whose call is call_method and whose reconstruction reads the attribute off the array.
  return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
}

Expected<VtPtr> NumpyNdarrayVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                                 Kwargs kwargs) {
  static const std::unordered_set<std::string> kNotWrapped = {
      "astype", "__len__", "size", "tolist", "__iter__", "tostring", "tobytes", "__delattr__"};
  if (kNotWrapped.count(name)) return unsupported("ndarray." + name + "() (not modelled)");
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
  }
  for (auto& [k, v] : kwargs) {
    auto r = tx.realize(v);
    if (!r) return r;
    v = *r;
  }
  if (name == "__getitem__" && args.size() == 1 && kwargs.empty()) return getItem(tx, args[0]);
  // The reductions (except max / min / all / any, modelled below on the tensor ops):
  // torch._numpy's shared implementation (numpy_functions.cpp).
  static const std::unordered_set<std::string> kOwn = {"max", "min", "all", "any"};
  auto meta = isNdarrayReduction(name) && !kOwn.count(name)
                  ? ndarrayReductionMeta(tx, name, self(), args, kwargs)
                  : methodMeta(tx, this->meta(), name, args, kwargs);
  if (!meta) return meta.error();
  // numpy_method_wrapper(name): a callable named wrapped_<name> in torch._dynamo.utils.
  std::vector<GraphArg> gargs{GraphArg::ofNode(node())};
  for (const auto& a : args) {
    auto g = graphConstant(a);
    if (!g) return unsupported("ndarray." + name + "() argument of type " + a->pythonTypeName());
    gargs.push_back(std::move(*g));
  }
  std::vector<std::pair<std::string, GraphArg>> gkw;
  for (const auto& [k, v] : kwargs) {
    auto g = graphConstant(v);
    if (!g) return unsupported("ndarray." + name + "() argument of type " + v->pythonTypeName());
    gkw.emplace_back(k, std::move(*g));
  }
  NodeId n = tx.context().output.callFunction(wrapperTarget(tx, "wrapped_" + name),
                                              std::move(gargs), std::move(gkw));
  return VtPtr(std::make_shared<NumpyNdarrayVariable>(newNode(tx, n, *meta), *meta));
}

Expected<VtPtr> tensorToNumpy(Tx& tx, const TensorVariable& t, Args& args, Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty())
    return unsupported("tensor.numpy() with arguments (force=)");
  // method_numpy graph-breaks under config.trace_numpy=False; the recorder keeps it.
  std::optional<std::string> traceNumpy;
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "trace_numpy") traceNumpy = kv.getValue().cStr();
  if (!traceNumpy)
    return unsupported("tensor.numpy() (this trace does not record config.trace_numpy: re-record)");
  if (*traceNumpy != "True") return unsupported("tensor.numpy() with config.trace_numpy off");
  if (t.meta().requiresGrad) return unsupported("tensor.numpy() of a tensor that requires grad");
  if (t.meta().layout != fake::Layout::kStrided)
    return unsupported("tensor.numpy() of a tensor that is not strided (TypeError path)");
  // "Hacky way to create a view of self that will be marked as NumpyNdarrayVariable".
  NodeId n = tx.context().output.callMethod(
      "view_as", {GraphArg::ofNode(t.node()), GraphArg::ofNode(t.node())}, {});
  return VtPtr(std::make_shared<NumpyNdarrayVariable>(newNode(tx, n, t.meta()), t.meta()));
}

void promoteFloatArrays(std::vector<fake::MetaArg>& operands) {
  std::optional<fake::DType> widest;
  for (const auto& m : operands)
    if (const auto* t = m.get<fake::TensorMeta>(); t && fake::isFloating(t->dtype))
      if (!widest || fake::elementSize(t->dtype) > fake::elementSize(*widest)) widest = t->dtype;
  if (!widest) return;
  for (auto& m : operands)
    if (const auto* t = m.get<fake::TensorMeta>(); t && fake::isFloating(t->dtype)) {
      fake::TensorMeta cast = *t;
      cast.dtype = *widest;
      m = fake::MetaArg(cast);
    }
}

Expected<VtPtr> ndarrayNode(Tx& tx, const std::string& wrapper, std::vector<GraphArg> args,
                            std::vector<std::pair<std::string, GraphArg>> kwargs,
                            const fake::TensorMeta& meta) {
  NodeId n = tx.context().output.callFunction(wrapperTarget(tx, wrapper), std::move(args),
                                              std::move(kwargs));
  return VtPtr(std::make_shared<NumpyNdarrayVariable>(newNode(tx, n, meta), meta));
}

Expected<VtPtr> ndarrayOperator(Tx& tx, const std::string& op, const Args& args) {
  static const std::unordered_set<std::string> kOps = {
      "operator.add", "operator.sub",    "operator.mul", "operator.truediv",
      "operator.pow", "operator.matmul", "operator.gt",  "operator.lt",
      "operator.ge",  "operator.le",     "operator.eq",  "operator.ne"};
  auto refuse = [&]() {
    return unsupported(op + " with an ndarray operand (numpy_operator_wrapper) not modelled");
  };
  static const std::unordered_set<std::string> kUnary = {"operator.neg", "operator.pos",
                                                         "operator.abs"};
  const bool unary = kUnary.count(op) && args.size() == 1;
  if (!unary && (!kOps.count(op) || args.size() != 2)) return refuse();
  // == / != of two bool arrays (comparison results compared).
  const bool boolCompare =
      (op == "operator.eq" || op == "operator.ne") && args[0]->kind() == VtKind::kNdarray &&
      args[1]->kind() == VtKind::kNdarray &&
      static_cast<const NumpyNdarrayVariable&>(*args[0]).meta().dtype == fake::DType::kBool &&
      static_cast<const NumpyNdarrayVariable&>(*args[1]).meta().dtype == fake::DType::kBool;
  // Each operand: an ndarray of a floating dtype (both the same), or an int / float
  // constant (a weak scalar: the array's dtype wins, as in torch).
  std::optional<fake::DType> dtype;
  std::vector<GraphArg> gargs;
  std::vector<fake::MetaArg> margs;
  for (const auto& v : args) {
    if (v->kind() == VtKind::kNdarray) {
      const auto& arr = static_cast<const NumpyNdarrayVariable&>(*v);
      if ((!fake::isFloating(arr.meta().dtype) && !boolCompare) ||
          (dtype && *dtype != arr.meta().dtype && boolCompare))
        return refuse();
      dtype = arr.meta().dtype;
      gargs.push_back(GraphArg::ofNode(arr.node()));
      margs.emplace_back(arr.meta());
      continue;
    }
    const ConstantVariable* c = asConstant(v);
    if (c && std::holds_alternative<int64_t>(c->value())) {
      margs.emplace_back(std::get<int64_t>(c->value()));
    } else if (c && std::holds_alternative<double>(c->value())) {
      margs.emplace_back(std::get<double>(c->value()));
    } else {
      return refuse();
    }
    gargs.push_back(GraphArg::ofConstant(c->value()));
  }
  promoteFloatArrays(margs);
  fake::FakeContext fctx;
  fctx.gradEnabled = tx.context().gradEnabled;
  fctx.defaultDtype = tx.context().defaultDtype;
  auto r = fake::callOp(op, margs, {}, fctx);
  if (!r) return unsupported("fake tensor: " + r.error().message());
  if (!r->is<fake::TensorMeta>()) return unsupported(op + " of ndarrays giving no array");
  const auto& meta = r->as<fake::TensorMeta>();
  NodeId n = tx.context().output.callFunction(
      wrapperTarget(tx, "wrapped_" + op.substr(std::string("operator.").size())), std::move(gargs),
      {});
  return VtPtr(std::make_shared<NumpyNdarrayVariable>(newNode(tx, n, meta), meta));
}

Expected<VtPtr> torchFromNumpy(Tx& tx, Args& args, Kwargs& kwargs) {
  if (args.size() != 1 || !kwargs.empty() || args[0]->kind() != VtKind::kNdarray)
    return unsupported("torch.from_numpy of a " +
                       (args.empty() ? std::string("missing value") : args[0]->pythonTypeName()));
  const auto& a = static_cast<const NumpyNdarrayVariable&>(*args[0]);
  NodeId n = tx.context().output.callFunction("torch.as_tensor", {GraphArg::ofNode(a.node())}, {});
  return VtPtr(std::make_shared<TensorVariable>(newNode(tx, n, a.meta()), a.meta()));
}

}  // namespace dynrr::vt
