// conv_backend.cpp — see conv_backend.h (fake_impls.conv -> ATen ConvParams::use_mkldnn).
#include "core/tracer/conv_backend.h"

#include <algorithm>

#include "core/fake/op_args.h"
#include "core/tracer/derived_sizes.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {
namespace {

using symbolic::Expr;
using symbolic::RelOp;

bool isConvolution(const std::string& op) {
  static const char* const kNames[] = {"conv1d",           "conv2d",           "conv3d",
                                       "conv_transpose1d", "conv_transpose2d", "conv_transpose3d"};
  const std::string base = op.substr(op.rfind('.') + 1);
  return std::any_of(std::begin(kNames), std::end(kNames),
                     [&](const char* n) { return base == n; });
}

Status refuse(const std::string& op, const std::string& what) {
  return unsupported("dynamic shapes: " + op + " of a tensor with " + what +
                     " (the guards its backend selection and shape checks add are modelled "
                     "for a symbolic batch size only)");
}

// Whether every entry of an int-or-int-list argument is 1 (absent: the default 1).
Expected<bool> allOnes(const fake::BoundArgs& b, std::string_view name) {
  if (!b.has(name)) return true;
  auto v = b.intList(name);
  if (!v) return v.error();
  return std::all_of(v->begin(), v->end(), [](std::int64_t x) { return x == 1; });
}

}  // namespace

Status convBackendGuards(InstructionTranslator& tx, const std::string& metaOp,
                         const std::vector<fake::MetaArg>& margs, const fake::Kwargs& mkw) {
  auto& ctx = tx.context();
  if (ctx.symbolBase == 0 || !isConvolution(metaOp)) return Status::success();
  const bool transposed = metaOp.find("conv_transpose") != std::string::npos;
  fake::FakeContext fctx;
  fake::OpCall call{metaOp, margs, mkw, fctx};
  auto b = transposed ? fake::BoundArgs::bind(call, {"input", "weight", "bias", "stride", "padding",
                                                     "output_padding", "groups", "dilation"})
                      : fake::BoundArgs::bind(call, {"input", "weight", "bias", "stride", "padding",
                                                     "dilation", "groups"});
  if (!b) return Status::success();  // the meta function reports the bad call
  auto input = b->tensor("input");
  auto weight = b->tensor("weight");
  if (!input || !weight) return Status::success();
  auto symbolic = [&](std::int64_t v) { return v >= ctx.symbolBase - 1000; };
  auto anySymbolic = [&](const fake::TensorMeta& t, size_t from) {
    for (size_t i = from; i < t.sizes.size(); ++i)
      if (symbolic(t.sizes[i])) return true;
    for (std::int64_t s : t.strides)
      if (symbolic(s)) return true;
    return false;
  };
  if (anySymbolic(*weight, 0)) return refuse(metaOp, "a symbolic weight size");
  if (auto bias = b->optTensor("bias"); bias && *bias && anySymbolic(**bias, 0))
    return refuse(metaOp, "a symbolic bias size");
  const fake::TensorMeta& x = *input;
  if (x.sizes.empty() || !anySymbolic(x, 0)) return Status::success();
  if (x.dim() != weight->dim()) return refuse(metaOp, "a symbolic size and no batch dim");
  if (anySymbolic(x, 1)) return refuse(metaOp, "a symbolic size other than the batch dim");
  auto batch = sizeExpr(ctx, x.sizes[0]);
  if (!batch || isDerived(*batch)) return refuse(metaOp, "a batch size derived from size symbols");
  auto& env = ctx.output.shapeEnv();
  if (env.hasUnbacked(*batch)) return refuse(metaOp, "an unbacked batch size");
  // use_mkldnn: `is_strided() || is_dilated() || input.size(0) >= 16 || ...` for float32
  // CPU inputs (bfloat16 / float16 answer before any size; other dtypes are not MKLDNN's).
  if (x.dtype != fake::DType::kFloat32) return Status::success();
  auto unitStride = allOnes(*b, "stride");
  auto unitDilation = allOnes(*b, "dilation");
  if (!unitStride || !unitDilation) return Status::success();
  if (!*unitStride || !*unitDilation) return Status::success();
  env.evaluate({*batch, RelOp::kGe, Expr(16)});
  return Status::success();
}

}  // namespace dynrr::tracer
