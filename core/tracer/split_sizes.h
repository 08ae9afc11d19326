// split_sizes.h — chunk and split by an int along a dim whose size is symbolic: the sizes
// of the pieces as expressions, the guards their meta functions make, and the call the
// fake tensors compute instead (split by the pieces' stand-in lengths).
//
// Mirrors, in the order FakeTensorMode runs them: ATen's chunk (CompositeImplicit:
// split_size = (size + chunks - 1) / chunks, and `split_size == 0 && size == 0`),
// torch/_decomp/decompositions.py `split` (the split.Tensor decomposition: _check
// split_size >= 0, `size == 0`, _check split_size > 0, guard_int on the number of
// pieces, the last piece `split_size - (split_size * pieces - size)`), and
// torch/_refs/__init__.py `split_with_sizes` (_check each piece >= 0, _check_with the sum
// equals the size). Each check is a ShapeEnv.evaluate: free when the ranges decide it, a
// guard otherwise (`((-1) + s + ((1 + s) // 2)) // ((1 + s) // 2) == 2` for chunk(2)).
//
// select (an int index: x[4], x[0, :], Tensor.select) on a dim whose size is symbolic:
// ATen's select_symint bounds check `size <= -1 - index || size <= index`, each a guard
// where the ranges leave it open (x[4] of an s77 dim: `5 <= s77`).
//
// narrow along a dim with a SymInt start or length: torch/_refs narrow's checks (length >= 0,
// start within [-size, size], start <= size - length), which ATen's CompositeImplicit
// narrow makes too, then the slice fake_impls.slice_forward computes (_compute_slice_index).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/fake/op_registry.h"
#include "core/support/error.h"
#include "core/vt/base.h"

namespace dynrr::tracer {

class InstructionTranslator;
struct TracingContext;

// Before `metaOp` runs: when it is chunk, or split by an int, along a dim whose size is a
// known expression over size symbols, installs the guards above, registers the pieces'
// derived sizes, and rewrites the call (`metaOp`, `margs`, `mkw`) into torch.split by the
// pieces' lengths at the stand-ins; returns true. False: not such a call (nothing done).
// `unsupported` by name: the dim's expression is unknown, an unbacked size, zero-sized
// pieces.
Expected<bool> divideSymbolicDim(InstructionTranslator& tx, std::string& metaOp,
                                 std::vector<fake::MetaArg>& margs, fake::Kwargs& mkw);

// Before getitem with int indices or Tensor.select / torch.select runs: the bounds guards
// above for each int index on a symbolic dim. `unsupported` by name: an int index with an
// Ellipsis or a tensor in the same index tuple on a tensor with symbolic sizes.
Status selectIndexGuards(InstructionTranslator& tx, const std::string& metaOp, const vt::Args& args,
                         const std::vector<fake::MetaArg>& margs);

// Before Tensor.narrow / torch.narrow runs: the guards above when its start or length is a
// SymInt (or its dim symbolic), and the result's length registered as a derived size.
// Nothing for other ops. `unsupported` by name: keyword arguments, a dim's size whose
// expression is unknown, a slice index the shape env cannot resolve.
Status narrowSizeGuards(InstructionTranslator& tx, const std::string& metaOp, const vt::Args& args,
                        const vt::Kwargs& kwargs, const std::vector<fake::MetaArg>& margs);
// A narrow or select whose checks narrowSizeGuards / selectIndexGuards made on the size
// expressions, refused by the fake kernel only because the stand-ins do not satisfy a
// relation between two symbols (`s77 - 1 < s68`, guarded on the hints): the view made
// directly (the length's stand-in along `dim`, or `dim` dropped; the storage offset moved
// by the start's). nullopt: not that case.
std::optional<fake::MetaValue> viewOnStandIns(const TracingContext& ctx, const std::string& metaOp,
                                              const std::vector<fake::MetaArg>& margs,
                                              const std::string& error);

}  // namespace dynrr::tracer
