// symbolic_reshape — view / reshape of a tensor with symbolic sizes, decided on the size
// expressions as Dynamo's fake tensors decide it, where the stand-in sizes cannot: the
// meta function FakeTensorMode runs under dynamic shapes, torch/_refs/__init__.py
// `_reshape_view_helper` (with `_prims_common.infer_size` and
// `_reshape_view_helper_core_alg`), every size comparison a guard or a unification.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/fake/op_args.h"
#include "core/support/error.h"
#include "core/symbolic/expr.h"

namespace dynrr::tracer {

struct TracingContext;

// Whether `rel` (an equality or inequality, through the replacements) says two distinct
// backed size symbols equal on their hints are equal, as k*a == k*b: Dynamo's guard
// makes one the other's replacement (try_solve); the core replays the frame with them
// shared. The pair, ordered as TracingContext::unifyRequests keeps it.
std::optional<std::pair<std::string, std::string>> unifiedBy(const TracingContext& ctx,
                                                             const symbolic::Relation& rel);

// `op` (Tensor.view / Tensor.reshape / torch.reshape) on `args` whose meta function
// refused the stand-ins: the result's metadata, with its derived sizes registered and the
// guards made; an Error (`unsupported`) naming what is not modelled; or nullopt when this
// model does not apply (no symbolic size, a non-contiguous input, a 0-d input or result).
// Two size symbols the algorithm finds equal on their hints are asked to be one
// (TracingContext::unifyRequests): the frame is replayed with them shared.
std::optional<Expected<fake::MetaValue>> symbolicReshape(TracingContext& ctx, const std::string& op,
                                                         const std::vector<fake::MetaArg>& args);

}  // namespace dynrr::tracer
