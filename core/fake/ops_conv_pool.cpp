// ops_conv_pool.cpp — meta functions of conv1d, conv_transpose2d, avg_pool2d, the
// adaptive 2-d pools and F.pad.
//
// Mirrors ATen's ConvUtils.h / Convolution.cpp (input rank and channel checks,
// conv_output_size and conv_input_size for transposed convolutions, channels_last output
// when the input or weight suggests it), Pooling / AveragePool2d.cpp and
// AdaptiveAveragePooling.cpp (pooling_output_shape, adaptive output sizes with None
// keeping the input size, outputs in the input's suggested memory format) and
// PadNd.cpp (torch._C._nn.pad: pairs from the last dim backwards, constant padding may
// crop, outputs in the suggested memory format).
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

std::string notImplemented(std::string_view kernel, DType d) {
  return "\"" + std::string(kernel) + "\" not implemented for '" + std::string(scalarTypeName(d)) +
         "'";
}

// An int or a tuple of n ints (torch's IntArrayRef[n] expansion of a single int).
Expected<Shape> tupleN(const BoundArgs& b, std::string_view name, size_t n, std::int64_t dflt) {
  if (!b.has(name)) return Shape(n, dflt);
  auto v = b.intList(name);
  if (!v) return v.error();
  if (v->size() == 1) return Shape(n, (*v)[0]);
  if (v->size() != n) {
    return b.typeError(name, "int or tuple of " + std::to_string(n) + " ints");
  }
  return v;
}

TensorMeta inFormat(const TensorMeta& x, Shape sizes, DType dtype, bool channelsLast) {
  TensorMeta out = TensorMeta::contiguous(dtype, sizes, x.device);
  if (channelsLast && sizes.size() == 4) out.strides = channelsLastStrides(sizes);
  return out;
}

bool suggestsChannelsLast(const TensorMeta& t) {
  return t.dim() == 4 && t.suggestMemoryFormat() == MemoryFormat::kChannelsLast;
}

// F.conv1d(input, weight, bias, stride, padding, dilation, groups) and
// F.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation).
Expected<MetaValue> convOp(const OpCall& call, int spatial, bool transposed) {
  auto b = transposed ? BoundArgs::bind(call, {"input", "weight", "bias", "stride", "padding",
                                               "output_padding", "groups", "dilation"})
                      : BoundArgs::bind(call, {"input", "weight", "bias", "stride", "padding",
                                               "dilation", "groups"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto w = b->tensor("weight");
  if (!w) return w.error();
  auto bias = b->optTensor("bias");
  if (!bias) return bias.error();
  const auto n = static_cast<size_t>(spatial);
  auto stride = tupleN(*b, "stride", n, 1);
  if (!stride) return stride.error();
  auto dilation = tupleN(*b, "dilation", n, 1);
  if (!dilation) return dilation.error();
  auto groups = b->integer("groups", 1);
  if (!groups) return groups.error();
  const std::string name = transposed ? "conv_transpose" + std::to_string(spatial) + "d"
                                      : "conv" + std::to_string(spatial) + "d";
  if (x->dim() != spatial + 1 && x->dim() != spatial + 2) {
    return opError(call, "Expected " + std::to_string(spatial + 1) + "D (unbatched) or " +
                             std::to_string(spatial + 2) + "D (batched) input to " + name +
                             ", but got input of size: " + shapeStr(x->sizes));
  }
  if (w->dim() != spatial + 2) {
    return opError(call, "weight should have " + std::to_string(spatial + 2) + " dimensions in " +
                             describeCall(call));
  }
  if (*groups <= 0) return opError(call, "non-positive groups is not supported");
  const bool batched = x->dim() == spatial + 2;
  const TensorMeta in = batched ? *x : unsqueezeMeta(*x, 0);
  Shape pad(n, 0);
  bool same = false;
  if (const MetaArg* p = b->get("padding")) {
    if (const auto* s = p->get<std::string>(); s && !transposed) {
      if (*s == "same") {
        same = true;
      } else if (*s != "valid") {
        return opError(call, "Invalid padding string: '" + *s + "'");
      }
    } else {
      auto pp = tupleN(*b, "padding", n, 0);
      if (!pp) return pp.error();
      pad = *pp;
    }
  }
  Shape outPad(n, 0);
  if (transposed) {
    auto op = tupleN(*b, "output_padding", n, 0);
    if (!op) return op.error();
    outPad = *op;
  }
  const std::int64_t inChannels = transposed ? w->sizes[0] : w->sizes[1] * *groups;
  if (in.sizes[1] != inChannels) {
    return opError(
        call, "Given " +
                  (transposed ? std::string("transposed=1") : "groups=" + std::to_string(*groups)) +
                  ", weight of size " + shapeStr(w->sizes) + ", expected input" +
                  shapeStr(in.sizes) + " to have " + std::to_string(inChannels) +
                  " channels, but got " + std::to_string(in.sizes[1]) + " channels instead");
  }
  if (x->dtype != w->dtype) {
    return opError(call, "expected scalar type " + std::string(scalarTypeName(x->dtype)) +
                             " but found " + std::string(scalarTypeName(w->dtype)));
  }
  const std::int64_t outChannels = transposed ? w->sizes[1] * *groups : w->sizes[0];
  if (*bias && ((*bias)->dim() != 1 || (*bias)->sizes[0] != outChannels)) {
    return opError(call, "Given " + std::string(transposed ? "transposed=1, " : "") +
                             "weight of size " + shapeStr(w->sizes) +
                             ", expected bias to be 1-dimensional with " +
                             std::to_string(outChannels) + " elements, but got bias of size " +
                             shapeStr((*bias)->sizes) + " instead");
  }
  Shape outSizes = {in.sizes[0], outChannels};
  for (size_t i = 0; i < n; ++i) {
    const std::int64_t k = (*dilation)[i] * (w->sizes[2 + i] - 1) + 1;
    const std::int64_t size = in.sizes[2 + i];
    if (transposed) {
      if (outPad[i] >= (*stride)[i] && outPad[i] >= (*dilation)[i]) {
        const char* axes[] = {"height", "width"};
        std::string got;
        for (const auto& [what, v] :
             {std::pair{"output_padding", &outPad}, std::pair{"stride", &*stride},
              std::pair{"dilation", &*dilation}}) {
          for (size_t j = 0; j < n; ++j) {
            got += std::string(got.empty() ? "" : " ") + what + "_" + axes[n == 1 ? 1 : j] + ": " +
                   std::to_string((*v)[j]);
          }
        }
        return opError(
            call, "output padding must be smaller than either stride or dilation, but got " + got);
      }
      outSizes.push_back((size - 1) * (*stride)[i] - 2 * pad[i] + k - 1 + outPad[i] + 1);
      continue;
    }
    const std::int64_t padded = size + (same ? k - 1 : 2 * pad[i]);
    if (padded < k) {
      std::string sizesStr, kStr;
      for (size_t j = 0; j < n; ++j) {
        sizesStr += (j ? " x " : "") + std::to_string(in.sizes[2 + j] + 2 * pad[j]);
        kStr += (j ? " x " : "") + std::to_string(w->sizes[2 + j]);
      }
      return opError(call, "Calculated padded input size per channel: (" + sizesStr +
                               "). Kernel size: (" + kStr +
                               "). Kernel size can't be greater than actual input size");
    }
    outSizes.push_back((padded - k) / (*stride)[i] + 1);
  }
  const bool cl = spatial == 2 && (suggestsChannelsLast(in) || suggestsChannelsLast(*w));
  TensorMeta out = inFormat(*x, outSizes, x->dtype, cl);
  if (!batched) {
    out.sizes.erase(out.sizes.begin());
    out.strides.erase(out.strides.begin());
  }
  out.requiresGrad = outputRequiresGrad(
      call.ctx, out.dtype, {x->requiresGrad, w->requiresGrad, *bias && (*bias)->requiresGrad});
  return MetaValue(std::move(out));
}

std::int64_t poolOutputSize(std::int64_t in, std::int64_t k, std::int64_t pad, std::int64_t stride,
                            bool ceil) {
  const std::int64_t num = in + 2 * pad - (k - 1) - 1 + (ceil ? stride - 1 : 0);
  std::int64_t q = num / stride;
  if ((num % stride != 0) && ((num < 0) != (stride < 0))) --q;
  std::int64_t out = q + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

// avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode, count_include_pad,
// divisor_override).
Expected<MetaValue> avgPool2dOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "kernel_size", "stride", "padding", "ceil_mode",
                                  "count_include_pad", "divisor_override"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto k = tupleN(*b, "kernel_size", 2, 1);
  if (!k) return k.error();
  Shape stride = *k;
  if (b->has("stride")) {
    auto s = b->intList("stride");
    if (!s) return s.error();
    if (s->size() == 1) stride = {(*s)[0], (*s)[0]};
    if (s->size() == 2) stride = *s;
  }
  auto pad = tupleN(*b, "padding", 2, 0);
  if (!pad) return pad.error();
  auto ceil = b->boolean("ceil_mode", false);
  if (!ceil) return ceil.error();
  if (const MetaArg* d = b->get("divisor_override");
      d && d->is<std::int64_t>() && d->as<std::int64_t>() == 0) {
    return opError(call, "divisor must be not zero");
  }
  if (x->dim() < 3) {
    auto w = wrapDim(-3, x->dim());
    return opError(call, w ? "non-empty 3D or 4D (batch mode) tensor expected for input"
                           : w.error().message());
  }
  if (x->dim() != 3 && x->dim() != 4) {
    return opError(call, "non-empty 3D or 4D (batch mode) tensor expected for input");
  }
  for (int i = 0; i < 2; ++i) {
    if ((*pad)[i] > (*k)[i] / 2) {
      return opError(call, "pad should be at most half of effective kernel size, but got pad=" +
                               std::to_string((*pad)[i]) +
                               ", kernel_size=" + std::to_string((*k)[i]) + " and dilation=1");
    }
  }
  Shape out = x->sizes;
  const auto h = x->dim() - 2;
  for (int i = 0; i < 2; ++i) {
    out[h + i] = poolOutputSize(x->sizes[h + i], (*k)[i], (*pad)[i], stride[i], *ceil);
    if (out[h + i] <= 0) {
      return opError(call, "Given input size: " + shapeStr(x->sizes) +
                               ". Calculated output size is too small");
    }
  }
  if (x->dtype == DType::kBool) return opError(call, notImplemented("avg_pool2d", x->dtype));
  TensorMeta r = inFormat(*x, out, x->dtype, suggestsChannelsLast(*x));
  r.requiresGrad = outputRequiresGrad(call.ctx, r.dtype, {x->requiresGrad});
  return MetaValue(std::move(r));
}

// adaptive_avg_pool2d(input, output_size) / adaptive_max_pool2d(input, output_size,
// return_indices).
Expected<MetaValue> adaptivePool2dOp(const OpCall& call, bool isMax) {
  auto b = isMax ? BoundArgs::bind(call, {"input", "output_size", "return_indices"})
                 : BoundArgs::bind(call, {"input", "output_size"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  const MetaArg* os = b->get("output_size");
  if (os == nullptr) return b->typeError("output_size", "int or tuple");
  if (x->dim() != 3 && x->dim() != 4) {
    return opError(call, std::string(isMax ? "adaptive_max_pool2d" : "adaptive_avg_pool2d") +
                             "(): Expected 3D or 4D tensor, but got" + (isMax ? ": " : " ") +
                             shapeStr(x->sizes));
  }
  const auto h = x->dim() - 2;
  Shape out = x->sizes;
  if (const auto* i = os->get<std::int64_t>()) {
    out[h] = out[h + 1] = *i;
  } else if (const auto* seq = os->get<ArgSeq>(); seq && seq->items.size() == 2) {
    for (int i = 0; i < 2; ++i) {
      const MetaArg& item = seq->items[i];
      if (item.is<NoneValue>()) continue;  // None keeps the input size
      if (!item.is<std::int64_t>()) return b->typeError("output_size", "int or tuple");
      out[h + i] = item.as<std::int64_t>();
    }
  } else {
    return b->typeError("output_size", "int or tuple of 2 ints");
  }
  if (isMax && !isFloating(x->dtype)) {
    return opError(call, notImplemented("adaptive_max_pool2d", x->dtype));
  }
  if (!isMax && !isFloating(x->dtype)) {
    return opError(call, notImplemented("adaptive_avg_pool2d", x->dtype));
  }
  TensorMeta values = inFormat(*x, out, x->dtype, suggestsChannelsLast(*x));
  values.requiresGrad = outputRequiresGrad(call.ctx, values.dtype, {x->requiresGrad});
  auto ri = isMax ? b->boolean("return_indices", false) : Expected<bool>(false);
  if (!ri) return ri.error();
  // F.adaptive_max_pool2d_with_indices returns both whatever return_indices says.
  const bool withIndices = call.op.find("_with_indices") != std::string_view::npos;
  if (!*ri && !withIndices) return MetaValue(std::move(values));
  TensorMeta idx = values;
  idx.dtype = DType::kInt64;
  idx.requiresGrad = false;
  return MetaValue::tuple({MetaValue(std::move(values)), MetaValue(std::move(idx))});
}

// torch._C._nn.pad(input, pad, mode='constant', value=None).
Expected<MetaValue> padOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "pad", "mode", "value"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto pad = b->intList("pad");
  if (!pad) return pad.error();
  std::string mode = "constant";
  if (const MetaArg* m = b->get("mode")) {
    if (!m->is<std::string>()) return b->typeError("mode", "str");
    mode = m->as<std::string>();
  }
  if (mode != "constant" && mode != "reflect" && mode != "replicate" && mode != "circular") {
    return opError(call, "Unrecognised padding mode " + mode);
  }
  if (pad->size() % 2 != 0) return opError(call, "Padding length must be divisible by 2");
  const auto pairs = static_cast<std::int64_t>(pad->size() / 2);
  if (pairs > x->dim()) {
    return opError(call,
                   "Padding length should be less than or equal to two times the input "
                   "dimension but got padding length " +
                       std::to_string(pad->size()) + " and input of dimension " +
                       std::to_string(x->dim()));
  }
  if (mode != "constant") {
    // reflect/replicate/circular pad the last 1-3 dims of a batched or unbatched input.
    if (pairs > 3 || x->dim() < pairs + 1 || x->dim() > pairs + 2) {
      return opError(call, "Padding size " + std::to_string(pad->size()) +
                               " is not supported for " + std::to_string(x->dim()) +
                               "D input tensor.");
    }
    if (b->has("value")) {
      return opError(call, "Padding mode \"" + mode + "\" doesn't take in value argument");
    }
  }
  Shape out = x->sizes;
  for (std::int64_t i = 0; i < pairs; ++i) {
    const std::int64_t d = x->dim() - 1 - i;
    const std::int64_t lo = (*pad)[2 * i], hi = (*pad)[2 * i + 1];
    if (mode == "reflect" && (lo >= x->sizes[d] || hi >= x->sizes[d])) {
      return opError(call,
                     "Argument #4: Padding size should be less than the corresponding input "
                     "dimension, but got: padding (" +
                         std::to_string(lo) + ", " + std::to_string(hi) + ") at dimension " +
                         std::to_string(d) + " of input " + shapeStr(x->sizes));
    }
    out[d] = x->sizes[d] + lo + hi;
    if (out[d] < 0 && mode == "constant") {
      return opError(call, "narrow(): length must be non-negative.");
    }
    if (out[d] < 0) {
      return opError(call, "The input size " + std::to_string(x->sizes[d]) +
                               ", plus negative padding " + std::to_string(lo) + " and " +
                               std::to_string(hi) +
                               " resulted in a negative output size, which is invalid. Check "
                               "dimension " +
                               std::to_string(d) + " of your input.");
    }
  }
  TensorMeta r = inFormat(*x, out, x->dtype, suggestsChannelsLast(*x));
  r.requiresGrad = outputRequiresGrad(call.ctx, r.dtype, {x->requiresGrad});
  return MetaValue(std::move(r));
}

}  // namespace

void registerConvPoolOps(OpRegistry& r) {
  for (const char* n : {"torch.nn.functional.conv1d", "torch.conv1d"})
    r.add(n, [](const OpCall& c) { return convOp(c, 1, false); });
  for (const char* n : {"torch.nn.functional.conv_transpose2d", "torch.conv_transpose2d"})
    r.add(n, [](const OpCall& c) { return convOp(c, 2, true); });
  for (const char* n : {"torch.nn.functional.conv_transpose1d", "torch.conv_transpose1d"})
    r.add(n, [](const OpCall& c) { return convOp(c, 1, true); });
  for (const char* n : {"torch.nn.functional.avg_pool2d", "torch._C._nn.avg_pool2d"})
    r.add(n, avgPool2dOp);
  for (const char* n :
       {"torch.nn.functional.adaptive_avg_pool2d", "torch._C._nn.adaptive_avg_pool2d"})
    r.add(n, [](const OpCall& c) { return adaptivePool2dOp(c, false); });
  for (const char* n : {"torch.nn.functional.adaptive_max_pool2d",
                        "torch.nn.functional.adaptive_max_pool2d_with_indices"})
    r.add(n, [](const OpCall& c) { return adaptivePool2dOp(c, true); });
  for (const char* n : {"torch.nn.functional.pad", "torch._C._nn.pad"}) r.add(n, padOp);
}

}  // namespace dynrr::fake
