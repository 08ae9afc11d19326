// ops_spectral.cpp — meta functions of the short-time Fourier transforms Tensor.stft and
// Tensor.istft.
//
// Mirrors at::native::stft and at::native::istft (aten/src/ATen/native/SpectralOps.cpp)
// as FakeTensorMode runs them: stft of a real 1-d or 2-d (batched) signal, with
// return_complex=True (required for real input), gives a complex tensor of shape
// [batch?, n_freq, n_frames] laid out as the transpose of a contiguous
// [batch?, n_frames, n_freq] (the frames are computed row by row); n_freq is n_fft/2+1
// when onesided (the default for a real signal and window), n_frames = 1 + (len - n_fft) /
// hop_length after `center` padding of n_fft/2 on each side. istft inverts it into a
// contiguous real signal of `length` samples, or n_fft + hop_length * (n_frames - 1),
// less the centre padding.
#include <string>

#include "core/fake/op_args.h"
#include "core/fake/ops.h"

namespace dynrr::fake {
namespace {

struct StftParams {
  std::int64_t nFft = 0;
  std::int64_t hop = 0;
  std::int64_t win = 0;
  bool center = true;
};

// n_fft, hop_length (n_fft / 4), win_length (n_fft) and the window's length check.
Expected<StftParams> stftParams(const OpCall& call, const BoundArgs& b) {
  StftParams p;
  auto nFft = b.integer("n_fft");
  if (!nFft) return nFft.error();
  p.nFft = *nFft;
  auto hop = b.optInteger("hop_length");
  if (!hop) return hop.error();
  p.hop = hop->value_or(p.nFft / 4);
  auto win = b.optInteger("win_length");
  if (!win) return win.error();
  p.win = win->value_or(p.nFft);
  auto center = b.boolean("center", true);
  if (!center) return center.error();
  p.center = *center;
  if (p.nFft <= 0)
    return opError(call, "expected 0 < n_fft, but got n_fft=" + std::to_string(p.nFft));
  if (p.hop <= 0)
    return opError(call, "expected hop_length > 0, but got hop_length=" + std::to_string(p.hop));
  if (p.win <= 0 || p.win > p.nFft)
    return opError(call,
                   "expected 0 < win_length <= n_fft, but got win_length=" + std::to_string(p.win));
  auto window = b.optTensor("window");
  if (!window) return window.error();
  if (*window && ((*window)->dim() != 1 || (*window)->sizes[0] != p.win))
    return opError(
        call, "expected a 1D window tensor of size equal to win_length=" + std::to_string(p.win) +
                  ", but got window with size " + shapeStr((*window)->sizes));
  return p;
}

Expected<MetaValue> stftOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "n_fft", "hop_length", "win_length", "window", "center",
                                  "pad_mode", "normalized", "onesided", "return_complex"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto p = stftParams(call, *b);
  if (!p) return p.error();
  auto window = b->optTensor("window");
  if (!window) return window.error();
  if (isComplex(t->dtype) || (*window && isComplex((*window)->dtype)))
    return opError(call, "stft of a complex signal or window (not modelled)");
  if (!b->has("return_complex"))
    return opError(call,
                   "stft requires the return_complex parameter be given for real inputs, "
                   "and will further require that return_complex=True in a future "
                   "PyTorch release.");
  auto rc = b->boolean("return_complex", false);
  if (!rc) return rc.error();
  if (!*rc) return opError(call, "stft with return_complex=False (a real view, not modelled)");
  auto onesided = b->boolean("onesided", true);
  if (!onesided) return onesided.error();
  if (t->dim() != 1 && t->dim() != 2)
    return opError(
        call, "stft: expected a 1D or 2D tensor, but got " + std::to_string(t->dim()) + "D tensor");
  if (!isFloating(t->dtype))
    return opError(call, "stft: expected a tensor of floating point or complex values");
  const bool batched = t->dim() == 2;
  std::int64_t len = t->sizes.back();
  if (p->center) {
    const std::int64_t pad = p->nFft / 2;
    if (pad >= len) return opError(call, "stft: the centre padding (reflect) exceeds the signal");
    len += 2 * pad;
  }
  if (p->nFft > len)
    return opError(call, "expected 0 < n_fft < " + std::to_string(len) +
                             ", but got n_fft=" + std::to_string(p->nFft));
  const std::int64_t frames = 1 + (len - p->nFft) / p->hop;
  const std::int64_t freq = *onesided ? p->nFft / 2 + 1 : p->nFft;
  TensorMeta out = *t;
  out.dtype = toComplex(t->dtype);
  out.storageOffset = 0;
  if (batched) {
    const std::int64_t batch = t->sizes[0];
    out.sizes = {batch, freq, frames};
    out.strides = {frames * freq, 1, freq};
  } else {
    out.sizes = {freq, frames};
    out.strides = {1, freq};
  }
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype,
                                        {t->requiresGrad, *window && (*window)->requiresGrad});
  return MetaValue(std::move(out));
}

Expected<MetaValue> istftOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "n_fft", "hop_length", "win_length", "window", "center",
                                  "normalized", "onesided", "length", "return_complex"});
  if (!b) return b.error();
  auto t = b->tensor("input");
  if (!t) return t.error();
  auto p = stftParams(call, *b);
  if (!p) return p.error();
  if (!isComplex(t->dtype)) return opError(call, "istft requires a complex-valued input tensor");
  auto rc = b->boolean("return_complex", false);
  if (!rc) return rc.error();
  if (*rc) return opError(call, "istft with return_complex=True (not modelled)");
  if (t->dim() != 2 && t->dim() != 3)
    return opError(call, "istft: expected a tensor with 2 or 3 dimensions of complex values");
  const bool batched = t->dim() == 3;
  const std::int64_t freq = t->sizes[t->dim() - 2];
  const std::int64_t frames = t->sizes.back();
  auto onesided = b->boolean("onesided", freq != p->nFft);
  if (!onesided) return onesided.error();
  if ((*onesided && p->nFft / 2 + 1 != freq) || (!*onesided && p->nFft != freq))
    return opError(call, "istft: the frequency dimension does not match n_fft and onesided");
  auto length = b->optInteger("length");
  if (!length) return length.error();
  std::int64_t samples = p->nFft + p->hop * (frames - 1);
  if (*length)
    samples = **length;
  else if (p->center)
    samples -= 2 * (p->nFft / 2);
  const DType real = t->dtype == DType::kComplex128 ? DType::kFloat64 : DType::kFloat32;
  Shape sizes = batched ? Shape{t->sizes[0], samples} : Shape{samples};
  TensorMeta out = TensorMeta::contiguous(real, std::move(sizes), t->device);
  auto window = b->optTensor("window");
  if (!window) return window.error();
  out.requiresGrad =
      outputRequiresGrad(call.ctx, real, {t->requiresGrad, *window && (*window)->requiresGrad});
  return MetaValue(std::move(out));
}

}  // namespace

void registerSpectralOps(OpRegistry& r) {
  r.add("Tensor.stft", stftOp);
  r.add("Tensor.istft", istftOp);
}

}  // namespace dynrr::fake
