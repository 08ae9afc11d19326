// torch.cpp — see torch.h.
#include "core/vt/torch.h"

#include "core/tracer/tensor_ops.h"

namespace dynrr::vt {

Expected<VtPtr> TorchFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  return tracer::tensorCall(tx, false, qualname_, qualname_, std::move(args), std::move(kwargs));
}

}  // namespace dynrr::vt
