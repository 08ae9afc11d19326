// untyped_storage.h — tensor.untyped_storage() (UntypedStorageVariable in
// torch/_dynamo/variables/tensor.py): the storage of a graph input, whose size() is the
// recorded nbytes (a constant: no node, no guard). Storages of tensors made while tracing,
// other methods and a storage that outlives the graph are reported unsupported.
#pragma once

#include <cstdint>
#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

class UntypedStorageVariable final : public VariableTracker {
 public:
  explicit UntypedStorageVariable(uint64_t nbytes)
      : VariableTracker(VtKind::kUntypedStorage, nullptr, MutationType::kImmutable),
        nbytes_(nbytes) {}
  std::string pythonTypeName() const override { return "UntypedStorage"; }
  std::string className() const override { return "UntypedStorageVariable"; }
  std::string describe() const override { return std::to_string(nbytes_) + " bytes"; }
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  Expected<VtPtr> callMethod(Tx& tx, const std::string& name, Args args, Kwargs kwargs) override;

 private:
  uint64_t nbytes_;
};

}  // namespace dynrr::vt
