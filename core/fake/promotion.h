// promotion.h — torch's type promotion (torch.result_type / torch.promote_types).
//
// Mirrors c10::promoteTypes and at::native::result_type's ResultTypeState: operands fall
// in three priority classes — dimensioned tensors, zero-dim tensors, wrapped Python
// numbers — and a lower class only matters when it is of a higher category
// (bool < integer < floating < complex). Python floats count as the default dtype,
// Python complex as the default complex dtype.
#pragma once

#include <optional>
#include <vector>

#include "core/fake/dtype.h"

namespace dynrr::fake {

// torch.promote_types(a, b).
DType promoteTypes(DType a, DType b);

// One operand of a promotion: its dtype and which priority class it is in.
struct PromotionOperand {
  enum class Kind { kTensor, kZeroDimTensor, kWrappedNumber };
  DType dtype;
  Kind kind;

  static PromotionOperand tensor(DType d, bool zeroDim) {
    return {d, zeroDim ? Kind::kZeroDimTensor : Kind::kTensor};
  }
  // A Python bool/int/float/complex: pass kBool, kInt64, kFloat64 or kComplex128.
  static PromotionOperand number(DType d) { return {d, Kind::kWrappedNumber}; }
};

// torch.result_type over the operands; defaultDtype is torch.get_default_dtype().
// Returns nullopt when there are no operands.
std::optional<DType> resultType(const std::vector<PromotionOperand>& operands, DType defaultDtype);

}  // namespace dynrr::fake
