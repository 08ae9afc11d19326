// numpy_functions.h — a numpy function called while tracing (NumpyVariable in
// torch/_dynamo/variables/misc.py): VariableBuilder wraps every callable of numpy's
// modules (trace_rules.is_numpy) as one, guarded by identity; its call runs the
// torch._numpy function get_np_to_tnp_map() pairs with it, as one graph node
// numpy_to_tensor_wrapper(fn) ("wrapped_<name>"), whose result is an ndarray
// (NumpyNdarrayVariable.create). The recorder names the torch._numpy function.
//
// Modelled (the example value through the torch op torch._numpy runs, for arrays of a
// floating dtype, Python int / float scalars weakly typed as NEP 50 says): the
// elementwise ufuncs (unary and binary, comparisons), the reductions with axis= and
// keepdims=, where, clip, matmul / dot, concatenate / stack, transpose, reshape and
// zeros_like / ones_like. Everything else (integer arrays and numpy's integer
// promotion, dtype= / out= arguments, the functions without a torch._numpy equivalent,
// which graph-break, and the constant collections np.finfo / np.iinfo / np.dtype) is
// reported unsupported by name.
#pragma once

#include <string>

#include "core/fake/tensor_meta.h"
#include "core/vt/base.h"

namespace dynrr::vt {

class NumpyVariable final : public VariableTracker {
 public:
  // `name`: numpy's qualified name ("numpy.add"); `tnpName`: the torch._numpy function's
  // __name__ ("add"; "" when get_np_to_tnp_map has none).
  NumpyVariable(std::string name, std::string tnpName, SourcePtr source)
      : VariableTracker(VtKind::kNumpy, std::move(source), MutationType::kImmutable),
        name_(std::move(name)),
        tnpName_(std::move(tnpName)) {}
  std::string pythonTypeName() const override { return "function"; }
  std::string describe() const override { return name_; }
  const std::string& tnpName() const { return tnpName_; }

  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;

 private:
  std::string name_;
  std::string tnpName_;
};

// ndarray.<name>(...) of the reductions torch._numpy's ndarray methods share with its
// functions (sum, mean, prod, std, var, argmax, argmin, amax, amin, max, min): whether
// `name` is one, and the example value (as numpy.<name>(self, ...) gives it).
bool isNdarrayReduction(const std::string& name);
Expected<fake::TensorMeta> ndarrayReductionMeta(Tx& tx, const std::string& name, const VtPtr& self,
                                                const Args& args, const Kwargs& kwargs);

}  // namespace dynrr::vt
