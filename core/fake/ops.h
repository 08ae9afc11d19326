// ops.h — registration of the meta-function families (one .cpp per family).
//
// Internal to core/fake: makeDefaultOpRegistry() calls each of these once.
#pragma once

#include "core/fake/op_registry.h"

namespace dynrr::fake {

void registerElementwiseOps(OpRegistry& registry);  // ops_elementwise.cpp
void registerReductionOps(OpRegistry& registry);    // ops_reduction.cpp
void registerViewOps(OpRegistry& registry);         // ops_view.cpp
void registerIndexOps(OpRegistry& registry);        // ops_index.cpp
void registerJoinOps(OpRegistry& registry);         // ops_join.cpp
void registerMatmulOps(OpRegistry& registry);       // ops_matmul.cpp
void registerNnOps(OpRegistry& registry);           // ops_nn.cpp
void registerFactoryOps(OpRegistry& registry);      // ops_factory.cpp
void registerMiscOps(OpRegistry& registry);         // ops_misc.cpp
void registerNormOps(OpRegistry& registry);         // ops_norm.cpp
void registerLossOps(OpRegistry& registry);         // ops_loss.cpp
void registerPointwiseOps(OpRegistry& registry);    // ops_pointwise.cpp (after elementwise)
void registerEinsumOps(OpRegistry& registry);       // ops_einsum.cpp
void registerGatherOps(OpRegistry& registry);       // ops_gather.cpp
void registerShapeOps(OpRegistry& registry);        // ops_shape.cpp
void registerConvPoolOps(OpRegistry& registry);     // ops_conv_pool.cpp
void registerSpectralOps(OpRegistry& registry);     // ops_spectral.cpp
// Wraps already registered out-of-place ops, so it runs after them.
void registerInplaceOps(OpRegistry& registry);  // ops_inplace.cpp
// In-place views and as_strided (after the view ops and clone).
void registerInplaceViewOps(OpRegistry& registry);  // ops_inplace_view.cpp
// Aliases and relatives of the ops above (forwards to them), so it runs last.
void registerSurfaceOps(OpRegistry& registry);        // ops_surface.cpp
void registerSurfaceMoreOps(OpRegistry& registry);    // ops_surface_more.cpp
void registerSurfaceExtraOps(OpRegistry& registry);   // ops_surface_extra.cpp
void registerSurfaceDataOps(OpRegistry& registry);    // ops_surface_data.cpp
void registerSurfaceLinalgOps(OpRegistry& registry);  // ops_surface_linalg.cpp

// Registers `name` as the in-place form of the registered `forward` (result: self, whose
// shape and dtype the forward result must fit); nothing when forward is unknown or name
// exists. Defined in ops_inplace.cpp.
void addInplaceVariant(OpRegistry& registry, const std::string& name, const std::string& forward);

}  // namespace dynrr::fake
