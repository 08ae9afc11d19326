// dtype.h — torch scalar types (torch.dtype) as a C++ enum, with torch's printed names.
//
// Mirrors c10::ScalarType for the dtypes Dynamo example values use, and the Python-side
// names torch prints ("torch.float32"). Pure value type; no torch dependency.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dynrr::fake {

enum class DType : std::uint8_t {
  kBool,
  kUInt8,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kFloat16,
  kBFloat16,
  kFloat32,
  kFloat64,
  kComplex64,
  kComplex128,
};

inline constexpr int kNumDTypes = 12;

// "torch.float32", as str(torch.float32) prints.
std::string_view dtypeName(DType dtype);
// Parses "torch.float32" or "float32" and torch's aliases ("torch.float", "torch.long",
// "torch.half", "torch.double", "torch.int", "torch.short", "torch.cfloat", ...).
std::optional<DType> parseDType(std::string_view name);
// The legacy tensor type of a dtype, as Dynamo's tensortype_to_dtype has it ("FloatTensor"
// for float32 ...; none for the complex dtypes), and its inverse for "torch.FloatTensor".
std::optional<std::string_view> tensorTypeName(DType dtype);
std::optional<DType> dtypeOfTensorType(std::string_view qualified);
// c10's ScalarType name used in kernel error messages: "Float", "Long", "Bool", "Half" ...
std::string_view scalarTypeName(DType dtype);
// The C++ element type's name as caffe2::TypeMeta prints it in some kernel messages:
// "float", "double", "long int", "c10::Half" ...
std::string_view cppTypeName(DType dtype);

bool isFloating(DType dtype);  // float16, bfloat16, float32, float64
bool isComplex(DType dtype);
bool isIntegral(DType dtype, bool includeBool);
inline bool isFloatingOrComplex(DType dtype) { return isFloating(dtype) || isComplex(dtype); }
int elementSize(DType dtype);
// complex64 for float32 and smaller floats, complex128 for float64 (c10::toComplexType).
DType toComplex(DType dtype);

}  // namespace dynrr::fake
