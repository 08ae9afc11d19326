// data_ptr.h — DataPtrVariable (torch/_dynamo/variables/tensor.py, Dynamo 2.13): what
// tensor.data_ptr() and const_data_ptr() give while tracing (TensorVariable.method_
// data_ptr / method_const_data_ptr): no graph node, the tensor and its fake version
// counter at the call. Its tp_richcompare (richcompare_impl) folds == / != when both
// pointers are provably the same: their tensors' nodes are one node once detach()
// calls are stripped, at one fake version; any other pair graph-breaks ("Data pointer
// comparison"). The core does not track fake version counters: a pair with an in-place
// node made between the two calls is refused by name. Any other use (arithmetic, a
// return, reconstruction) is the base class's refusal.
#pragma once

#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

class TensorVariable;

class DataPtrVariable final : public VariableTracker {
 public:
  DataPtrVariable(VtPtr tensor, size_t graphSize, std::string method)
      : VariableTracker(VtKind::kOpaque, nullptr, MutationType::kImmutable),
        tensor_(std::move(tensor)),
        graphSize_(graphSize),
        method_(std::move(method)) {}
  std::string className() const override { return "DataPtrVariable"; }
  std::string pythonTypeName() const override { return "int"; }
  std::string describe() const override { return method_ + "() of a tensor"; }
  // DataPtr tp_richcompare for == (eq) or != between this and `other`.
  Expected<VtPtr> compare(Tx& tx, const DataPtrVariable& other, bool eq) const;

 private:
  VtPtr tensor_;      // the TensorVariable the pointer was read from
  size_t graphSize_;  // graph nodes when it was read (the fake version's stand-in)
  std::string method_;
};

// TensorVariable.method_data_ptr / method_const_data_ptr.
VtPtr makeDataPtr(Tx& tx, TensorVariable& self, const std::string& method);
inline const DataPtrVariable* asDataPtr(const VtPtr& v) {
  return dynamic_cast<const DataPtrVariable*>(v.get());
}

}  // namespace dynrr::vt
