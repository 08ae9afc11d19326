// numpy_ndarray.h — a numpy ndarray made from a tensor while tracing (NumpyNdarrayVariable
// in torch/_dynamo/variables/tensor.py: tensor.numpy() is a view of the tensor in the
// graph that Dynamo treats as an ndarray backed by torch._numpy). Modelled: making one
// (TensorVariable.method_numpy's view_as node), torch.from_numpy of one
// (TorchInGraphFunctionVariable's from_numpy handler: torch.as_tensor), and the
// attributes var_getattr answers without numpy semantics the core would have to guess:
// ndim, itemsize, shape, size as constants, T / real / imag as numpy_attr_wrapper nodes
// of a real dtype. ndarray methods (numpy_method_wrapper), numpy functions, operators
// and everything else are reported unsupported by name.
#pragma once

#include <string>

#include "core/fake/meta_value.h"
#include "core/tracer/proto_graph.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {

class NumpyNdarrayVariable final : public TensorVariable {
 public:
  NumpyNdarrayVariable(NodeId node, fake::TensorMeta meta, SourcePtr source = nullptr)
      : TensorVariable(VtKind::kNdarray, node, std::move(meta), std::move(source)) {}
  std::string pythonTypeName() const override { return "ndarray"; }
  std::string className() const override { return "NumpyNdarrayVariable"; }

  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;
  Expected<std::vector<VtPtr>> unpackVarSequence(Tx&) override {
    return unsupported("iterating a numpy ndarray");
  }
  Expected<bool> boolValue(Tx&) override { return unsupported("truth of a numpy ndarray"); }

 private:
  Expected<VtPtr> getItem(Tx& tx, const VtPtr& index);
};

// TensorVariable.method_numpy (force=False): a view_as node of the tensor, seen as an
// ndarray. Unsupported where the config (trace_numpy) is not recorded or is off.
Expected<VtPtr> tensorToNumpy(Tx& tx, const TensorVariable& t, Args& args, Kwargs& kwargs);

// An operator with an ndarray among its operands and no tensor (BuiltinVariable's
// numpy_operator_wrapper(fn): a wrapped_<op> call, an ndarray). Modelled: + - * / and the
// comparisons of arrays of one floating dtype and int / float constants (torch._numpy's
// promotion agrees with torch's there).
Expected<VtPtr> ndarrayOperator(Tx& tx, const std::string& op, const Args& args);

// A numpy_to_tensor_wrapper / numpy_method_wrapper call node named `wrapper`
// ("wrapped_sin": a new wrapper object per call) whose example value is `meta`, as a new
// ndarray (NumpyNdarrayVariable.create).
Expected<VtPtr> ndarrayNode(Tx& tx, const std::string& wrapper, std::vector<tracer::GraphArg> args,
                            std::vector<std::pair<std::string, tracer::GraphArg>> kwargs,
                            const fake::TensorMeta& meta);

// torch._numpy's typecast of ufunc operands: arrays of two floating dtypes are cast to the
// wider one first (numpy 2 promotion: a 0-d array is as strong as any other, where torch
// would let the larger-dim operand win); Python scalars stay weak.
void promoteFloatArrays(std::vector<fake::MetaArg>& operands);

// torch.from_numpy(ndarray) (handle_from_numpy): a torch.as_tensor node over the
// ndarray's node, a tensor again.
Expected<VtPtr> torchFromNumpy(Tx& tx, Args& args, Kwargs& kwargs);

}  // namespace dynrr::vt
