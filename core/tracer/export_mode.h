// export_mode.h — what Dynamo does differently when it traces with export=True
// (OutputGraph.export; torch._dynamo.export through convert_frame._compile, and
// torch.export.export(strict=True) through convert_frame.fullgraph_capture on
// functional_export.ModuleToTrace.forward), as far as the core models it:
//   - config.install_free_tensors (set by both export entry points): a tensor reached
//     from a global, a non-local cell or an nn.Module is not a graph input but a
//     `get_attr` of the root module (VariableBuilder.wrap_tensor's
//     should_install_free_tensor -> OutputGraph.register_attr_or_module, its name from
//     OutputGraph.module_key_name made unique by get_unique_name_wrt);
//   - the SHAPE_ENV guard keeps static sizes, strides and storage offsets
//     (CheckFunctionManager passes ignore_static=not output_graph.export to
//     ShapeEnv.produce_guards_verbose);
//   - one_graph: a graph break is raised as Unsupported instead of splitting the frame
//     (InstructionTranslatorBase.break_graph_if_unsupported / step: `if self.one_graph`);
//   - torch.export.export(strict=True)'s ModuleToTrace.forward is ordinary tracing with
//     the above (its pytree inlining: core/vt/pytree_functions.h); its Dim constraints
//     are dims made dynamic before tracing (replay.cpp exportConstraintDims);
//   - what is not modelled yet is named for the verdict (exportModeGap).
#pragma once

#include <map>
#include <set>
#include <string>

#include "core/trace/trace_reader.h"
#include "core/vt/source.h"

namespace dynrr::tracer {

// The export-mode state of one frame's replay (part of TracingContext).
struct ExportMode {
  bool active = false;              // OutputGraph.export
  bool installFreeTensors = false;  // config.install_free_tensors for this compile
  // The frame is functional_export.ModuleToTrace.forward, captured by
  // convert_frame.fullgraph_capture: no CheckFunctionManager builds its guards, so the
  // recorder's SHAPE_ENV guard carries no expressions.
  bool fullgraphCapture = false;
  // The root frame's free variables: their contents are non-local sources
  // (LocalSource with is_derefed_cell_contents and not is_input).
  std::set<std::string> freevars;
  // Keys of the frame's globals (OutputGraph.global_scope), as recorded.
  std::set<std::string> globalNames;
  // OutputGraph.nn_modules for tensors: attribute name -> identity token of the tensor.
  std::map<std::string, uint64_t> attrs;
  // Identity tokens of the tensors installed so (their trackers are in
  // TracingContext.tensorsByIdentity).
  std::set<uint64_t> attrTensors;
};

// Sets up `mode` for `event` (reads its export flag, its config and its frame).
void initExportMode(ExportMode& mode, const trace::TraceReader& trace,
                    schema::CompileEvent::Reader event);

// OutputGraph.module_key_name of one name: `._modules['a']` / `._parameters['a']` /
// `._buffers['a']` become `.a`, `getattr(x, 'a')` becomes `x.a`, an outer `L[...]` /
// `G[...]` is stripped, `[3]` becomes `_3`, other non-alphanumerics become `_`, and a
// name not starting with a letter gets the prefix `sub`.
std::string moduleKeyName(const std::string& name);

// VariableBuilder.wrap_tensor's should_install_free_tensor: is_from_global_source,
// is_from_nonlocal_source or is_from_unspecialized_nn_module_source.
bool isFreeTensorSource(const ExportMode& mode, const vt::Source& source);

// The name register_attr_or_module gives a new tensor attribute read through `source`
// (get_unique_name_wrt(module_key_name(name), nn_modules, global_scope)); `taken` adds
// names of installed subgraphs.
std::string freeTensorAttrName(const ExportMode& mode, const std::string& sourceName,
                               const std::set<std::string>& taken);

// The reason a compile with export=True is `unsupported` before tracing, or "" when the
// core replays it.
std::string exportModeGap(const trace::TraceReader& trace, schema::CompileEvent::Reader event);

}  // namespace dynrr::tracer
