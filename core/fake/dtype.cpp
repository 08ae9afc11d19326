// dtype.cpp — names and categories of torch dtypes (c10/core/ScalarType.h).
#include "core/fake/dtype.h"

#include <array>

namespace dynrr::fake {
namespace {

struct DTypeInfo {
  std::string_view name;    // torch.<name>
  std::string_view scalar;  // c10 ScalarType name
  int size;
};

constexpr std::array<DTypeInfo, kNumDTypes> kInfo = {{
    {"bool", "Bool", 1},
    {"uint8", "Byte", 1},
    {"int8", "Char", 1},
    {"int16", "Short", 2},
    {"int32", "Int", 4},
    {"int64", "Long", 8},
    {"float16", "Half", 2},
    {"bfloat16", "BFloat16", 2},
    {"float32", "Float", 4},
    {"float64", "Double", 8},
    {"complex64", "ComplexFloat", 8},
    {"complex128", "ComplexDouble", 16},
}};

constexpr std::array<std::pair<std::string_view, DType>, 9> kAliases = {{
    {"float", DType::kFloat32},
    {"double", DType::kFloat64},
    {"half", DType::kFloat16},
    {"long", DType::kInt64},
    {"int", DType::kInt32},
    {"short", DType::kInt16},
    {"cfloat", DType::kComplex64},
    {"cdouble", DType::kComplex128},
    {"complex", DType::kComplex64},
}};

const DTypeInfo& info(DType dtype) { return kInfo[static_cast<int>(dtype)]; }

}  // namespace

std::string_view dtypeName(DType dtype) {
  static const std::array<std::string, kNumDTypes> kFull = [] {
    std::array<std::string, kNumDTypes> out;
    for (int i = 0; i < kNumDTypes; ++i) out[i] = "torch." + std::string(kInfo[i].name);
    return out;
  }();
  return kFull[static_cast<int>(dtype)];
}

std::optional<DType> parseDType(std::string_view name) {
  if (name.substr(0, 6) == "torch.") name.remove_prefix(6);
  for (int i = 0; i < kNumDTypes; ++i) {
    if (kInfo[i].name == name) return static_cast<DType>(i);
  }
  for (const auto& [alias, dtype] : kAliases) {
    if (alias == name) return dtype;
  }
  return std::nullopt;
}

std::string_view scalarTypeName(DType dtype) { return info(dtype).scalar; }

bool isFloating(DType dtype) {
  return dtype == DType::kFloat16 || dtype == DType::kBFloat16 || dtype == DType::kFloat32 ||
         dtype == DType::kFloat64;
}

bool isComplex(DType dtype) { return dtype == DType::kComplex64 || dtype == DType::kComplex128; }

bool isIntegral(DType dtype, bool includeBool) {
  if (dtype == DType::kBool) return includeBool;
  return dtype == DType::kUInt8 || dtype == DType::kInt8 || dtype == DType::kInt16 ||
         dtype == DType::kInt32 || dtype == DType::kInt64;
}

int elementSize(DType dtype) { return info(dtype).size; }

DType toComplex(DType dtype) {
  if (dtype == DType::kFloat64 || dtype == DType::kComplex128) return DType::kComplex128;
  return DType::kComplex64;
}

std::string_view cppTypeName(DType dtype) {
  switch (dtype) {
    case DType::kBool: return "bool";
    case DType::kUInt8: return "unsigned char";
    case DType::kInt8: return "signed char";
    case DType::kInt16: return "short int";
    case DType::kInt32: return "int";
    case DType::kInt64: return "long int";
    case DType::kFloat16: return "c10::Half";
    case DType::kBFloat16: return "c10::BFloat16";
    case DType::kFloat32: return "float";
    case DType::kFloat64: return "double";
    case DType::kComplex64: return "c10::complex<float>";
    case DType::kComplex128: return "c10::complex<double>";
  }
  return "?";
}

namespace {
constexpr std::pair<DType, std::string_view> kTensorTypes[] = {
    {DType::kFloat32, "FloatTensor"}, {DType::kFloat64, "DoubleTensor"},
    {DType::kFloat16, "HalfTensor"},  {DType::kBFloat16, "BFloat16Tensor"},
    {DType::kUInt8, "ByteTensor"},    {DType::kInt8, "CharTensor"},
    {DType::kInt64, "LongTensor"},    {DType::kInt32, "IntTensor"},
    {DType::kInt16, "ShortTensor"},   {DType::kBool, "BoolTensor"}};
}  // namespace

std::optional<std::string_view> tensorTypeName(DType dtype) {
  for (const auto& [d, n] : kTensorTypes)
    if (d == dtype) return n;
  return std::nullopt;
}

std::optional<DType> dtypeOfTensorType(std::string_view qualified) {
  constexpr std::string_view kPrefix = "torch.";
  if (qualified.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  std::string_view name = qualified.substr(kPrefix.size());
  for (const auto& [d, n] : kTensorTypes)
    if (n == name) return d;
  return std::nullopt;
}

}  // namespace dynrr::fake
