// promotion.cpp — c10::promoteTypes table and ResultTypeState (TypeProperties.cpp).
#include "core/fake/promotion.h"

#include <array>

namespace dynrr::fake {
namespace {

using D = DType;
constexpr D b1 = D::kBool, u1 = D::kUInt8, i1 = D::kInt8, i2 = D::kInt16, i4 = D::kInt32,
            i8 = D::kInt64, f2 = D::kFloat16, bf = D::kBFloat16, f4 = D::kFloat32, f8 = D::kFloat64,
            c8 = D::kComplex64, c16 = D::kComplex128;

// Rows/columns in DType order: b1 u1 i1 i2 i4 i8 f2 bf f4 f8 c8 c16 (c10's table).
constexpr std::array<std::array<D, kNumDTypes>, kNumDTypes> kTable = {{
    /* b1 */ {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8, c8, c16},
    /* u1 */ {u1, u1, i2, i2, i4, i8, f2, bf, f4, f8, c8, c16},
    /* i1 */ {i1, i2, i1, i2, i4, i8, f2, bf, f4, f8, c8, c16},
    /* i2 */ {i2, i2, i2, i2, i4, i8, f2, bf, f4, f8, c8, c16},
    /* i4 */ {i4, i4, i4, i4, i4, i8, f2, bf, f4, f8, c8, c16},
    /* i8 */ {i8, i8, i8, i8, i8, i8, f2, bf, f4, f8, c8, c16},
    /* f2 */ {f2, f2, f2, f2, f2, f2, f2, f4, f4, f8, c8, c16},
    /* bf */ {bf, bf, bf, bf, bf, bf, f4, bf, f4, f8, c8, c16},
    /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f4, f4, f8, c8, c16},
    /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, f8, f8, c16, c16},
    /* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c16, c8, c16},
    /* c16 */ {c16, c16, c16, c16, c16, c16, c16, c16, c16, c16, c16, c16},
}};

// Undefined is modelled by nullopt.
using Slot = std::optional<DType>;

Slot promoteSkipUndefined(Slot a, Slot b) {
  if (!a) return b;
  if (!b) return a;
  return promoteTypes(*a, *b);
}

Slot combineCategories(Slot higher, Slot lower) {
  if (higher && isComplex(*higher)) return higher;
  if (lower && isComplex(*lower)) {
    if (higher && isFloating(*higher)) return toComplex(*higher);
    return lower;
  }
  if (higher && isFloating(*higher)) return higher;
  if ((higher && *higher == DType::kBool) || (lower && isFloating(*lower))) {
    return promoteSkipUndefined(higher, lower);
  }
  if (higher) return higher;
  return lower;
}

}  // namespace

DType promoteTypes(DType a, DType b) { return kTable[static_cast<int>(a)][static_cast<int>(b)]; }

std::optional<DType> resultType(const std::vector<PromotionOperand>& operands, DType defaultDtype) {
  Slot dimResult, zeroResult, wrappedResult;
  for (const auto& op : operands) {
    switch (op.kind) {
      case PromotionOperand::Kind::kTensor:
        dimResult = promoteSkipUndefined(dimResult, op.dtype);
        break;
      case PromotionOperand::Kind::kZeroDimTensor:
        zeroResult = promoteSkipUndefined(zeroResult, op.dtype);
        break;
      case PromotionOperand::Kind::kWrappedNumber: {
        DType d = op.dtype;
        if (isComplex(d)) {
          d = toComplex(defaultDtype);
        } else if (isFloating(d)) {
          d = defaultDtype;
        }
        wrappedResult = promoteSkipUndefined(wrappedResult, d);
        break;
      }
    }
  }
  return combineCategories(dimResult, combineCategories(zeroResult, wrappedResult));
}

}  // namespace dynrr::fake
