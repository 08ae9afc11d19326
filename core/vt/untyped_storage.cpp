// untyped_storage.cpp — see untyped_storage.h (UntypedStorageVariable.call_method).
#include "core/vt/untyped_storage.h"

#include "core/vt/constant.h"
#include "core/vt/misc.h"

namespace dynrr::vt {

Expected<VtPtr> UntypedStorageVariable::varGetattr(Tx&, const std::string& name) {
  // The bound method, called through call_method.
  if (name == "size") return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  return unsupported("UntypedStorage." + name + " (not modelled)");
}

Expected<VtPtr> UntypedStorageVariable::callMethod(Tx&, const std::string& name, Args args,
                                                   Kwargs kwargs) {
  // size(): example_value.size() without free symbols is built as an int.
  if (name == "size" && args.empty() && kwargs.empty())
    return ConstantVariable::make(static_cast<int64_t>(nbytes_));
  return unsupported("UntypedStorage." + name + "() (not modelled)");
}

}  // namespace dynrr::vt
