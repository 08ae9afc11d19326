// numpy_ndarray.cpp — see numpy_ndarray.h (NumpyNdarrayVariable.var_getattr,
// TensorVariable.method_numpy, TorchInGraphFunctionVariable's handle_from_numpy).
#include "core/vt/numpy_ndarray.h"

#include <algorithm>

#include "core/fake/dtype.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"

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

}  // namespace

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
  return unsupported("ndarray attribute or method " + name +
                     " (NumpyNdarrayVariable.var_getattr; numpy_method_wrapper not modelled)");
}

Expected<VtPtr> NumpyNdarrayVariable::callMethod(Tx&, const std::string& name, Args, Kwargs) {
  return unsupported("ndarray method " + name + " (numpy_method_wrapper, not modelled)");
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

Expected<VtPtr> torchFromNumpy(Tx& tx, Args& args, Kwargs& kwargs) {
  if (args.size() != 1 || !kwargs.empty() || args[0]->kind() != VtKind::kNdarray)
    return unsupported("torch.from_numpy of a " +
                       (args.empty() ? std::string("missing value") : args[0]->pythonTypeName()));
  const auto& a = static_cast<const NumpyNdarrayVariable&>(*args[0]);
  NodeId n = tx.context().output.callFunction("torch.as_tensor", {GraphArg::ofNode(a.node())}, {});
  return VtPtr(std::make_shared<TensorVariable>(newNode(tx, n, a.meta()), a.meta()));
}

}  // namespace dynrr::vt
