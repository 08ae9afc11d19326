// conv_backend.h — the shape guards a convolution's fake implementation makes while it
// picks the backend whose memory format the output takes.
//
// Mirrors torch/_subclasses/fake_impls.py `conv` (it calls torch._C._select_conv_backend
// when every size has a hint) and, through it, ATen's select_conv_backend /
// ConvParams::use_mkldnn on a CPU build: for a float32 input with no stride and no
// dilation other than 1, `input.size(0) >= 16` is evaluated (MKLDNN versus the native
// kernel for 1x1 filters), which guards a symbolic batch size. Every other test there is
// decided by the batch symbol's range (size 0, numel / batch) or short-circuits before a
// size is read. Checked against torch 2.13 for conv1d/2d/3d, conv_transpose1d/2d,
// strides, dilation, groups (depthwise), padding modes, channels_last and permuted
// inputs, float32/64, bfloat16 and float16.
#pragma once

#include <string>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/fake/op_registry.h"
#include "core/support/error.h"

namespace dynrr::tracer {

class InstructionTranslator;

// Before the convolution `metaOp` (torch.conv2d, F.conv_transpose1d, ...) runs in a
// replay with size stand-ins: the guards its backend selection makes. Modelled when the
// only symbolic size is the batch dim of a batched input, a bare backed symbol; any other
// symbolic size or stride of its tensors is `unsupported` by name. Not a convolution, or
// no symbolic size: nothing.
Status convBackendGuards(InstructionTranslator& tx, const std::string& metaOp,
                         const std::vector<fake::MetaArg>& margs, const fake::Kwargs& mkw);

}  // namespace dynrr::tracer
