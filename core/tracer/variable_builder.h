// variable_builder.h — turning recorded heap objects into variable trackers, with the
// guards and graph inputs Dynamo installs when it wraps them
// (torch/_dynamo/variables/builder.py VariableBuilder._wrap and its wrap_* methods,
// SourcelessBuilder for values without a source, and the identity dedupe of
// side_effects.id_to_variable + make_dupe_guard).
#pragma once

#include <memory>
#include <string>

#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

struct VariableBuilder {
  // The unsupported reason wrap gives for a recorded tensor reached without a source
  // (realize turns it into SourcelessBuilder's graph break).
  static const char* const kSourcelessTensor;

  // VariableBuilder(source)(value): the tracker for a recorded object reached through
  // `source` (null: SourcelessBuilder, never guarded).
  static Expected<VtPtr> wrap(TracingContext& ctx, trace::ObjRef ref, vt::SourcePtr source);
  // A constant from the heap (LOAD_CONST), no guards.
  static Expected<VtPtr> constantFromHeap(TracingContext& ctx, trace::ObjRef ref);
  // wrap_module for nn.Modules (UnspecializedNNModuleVariable, TYPE_MATCH) and
  // wrap_user_defined otherwise.
  static Expected<VtPtr> wrapInstance(TracingContext& ctx, trace::ObjRef ref, vt::SourcePtr source);
  // A collections.namedtuple instance (NamedTupleVariable: SEQUENCE_LENGTH, lazy fields).
  static Expected<VtPtr> wrapNamedTuple(TracingContext& ctx, trace::ObjRef ref,
                                        vt::SourcePtr source);
  // A user class (UserDefinedClassVariable, CLASS_MATCH).
  // A recorded functools.partial (FunctoolsPartialVariable).
  static Expected<VtPtr> wrapPartial(TracingContext& ctx, trace::ObjRef ref, vt::SourcePtr source);
  static Expected<VtPtr> wrapUserClass(TracingContext& ctx, trace::ObjRef ref,
                                       vt::SourcePtr source);
  // A recorded Python module object: MODULE_MATCH, tracked by identity.
  static Expected<VtPtr> wrapPythonModule(TracingContext& ctx, trace::ObjRef ref,
                                          vt::SourcePtr source);
  // A recorded cell object reached as freevar `name` of a frame or closure
  // (track_cell_existing); `cellSource` names the cell object, `contentsSource` its
  // contents. The same cell reached again is the same CellVariable.
  static Expected<std::shared_ptr<vt::CellVariable>> existingCell(TracingContext& ctx,
                                                                  trace::ObjRef cellRef,
                                                                  const std::string& name,
                                                                  vt::SourcePtr cellSource,
                                                                  vt::SourcePtr contentsSource);
  // The heap object of a module (`kind` "module", by __name__) or a class ("class", by
  // module.qualname) that code the recorder did not walk reads, or 0 when the trace has
  // none; cached in ctx.recordedByName.
  static trace::ObjRef findRecorded(TracingContext& ctx, const std::string& kind,
                                    const std::string& name);
  // Constants read from a source: guards::installConstantGuards has the rules.
  static void constantGuards(TracingContext& ctx, const vt::SourcePtr& source, bool isInt);
};

// A class of the recorded program's own code (its module is __main__ or a top-level
// module outside torch and the standard library): traced through its recorded
// functions. Other classes are library classes the core does not look into.
bool isUserCodeClass(schema::Class::Reader c);

// A recorded tensor's metadata as the fake tensor has it, or the error (a damaged trace)
// or unsupported (a dtype, device, layout or subclass not modelled).
Expected<fake::TensorMeta> metaFromTrace(schema::TensorMeta::Reader m);

// VariableBuilder's make_dupe_guard: an object already wrapped reached again through
// another source gets DUPLICATE_INPUT on the new source.
void dupeGuard(TracingContext& ctx, const vt::SourcePtr& source, const VtPtr& existing);

}  // namespace dynrr::tracer
