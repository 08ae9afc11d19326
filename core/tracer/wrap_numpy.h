// wrap_numpy.h — VariableBuilder's numpy branches (torch/_dynamo/variables/builder.py):
// wrap_numpy_ndarray for an ndarray reached with a source, and the trace_rules.is_numpy
// branch for numpy's callables (NumpyVariable).
#pragma once

#include <optional>
#include <string>

#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

// VariableBuilder.wrap_numpy_ndarray: the tensor torch.as_tensor makes of the array
// (the recorder's metadata) becomes a graph input named after the array's source
// (L_a_), whose source is NumpyTensorSource (`___from_numpy(L['a'])`) with its
// TENSOR_MATCH; the value is a NumpyNdarrayVariable over it. The same array reached
// again is the same variable (DUPLICATE_INPUT from a second source). Dynamic shapes
// (automatic dynamic on a recompile, dynamic=True) are not modelled for arrays.
Expected<VtPtr> wrapNumpyNdarray(TracingContext& ctx, trace::ObjRef ref,
                                 const schema::Object::Reader& obj, vt::SourcePtr source);

// A numpy callable the recorder classified as NumpyVariable ("NumpyVariable:<tnp name>",
// "NumpyVariable.function:<tnp name>" for a Python function): ID_MATCH, CLOSURE_MATCH for
// a Python function.
Expected<VtPtr> wrapNumpyCallable(TracingContext& ctx, schema::NamedCallable::Reader c,
                                  vt::SourcePtr source);

// numpy.float32 and the other scalar types numpy_to_tensor_wrapper can call, and
// numpy.finfo / numpy.iinfo (is_numpy of a class: CLASS_MATCH, a NumpyVariable); nullopt
// for any other numpy class.
std::optional<VtPtr> wrapNumpyScalarType(TracingContext& ctx, const std::string& qualname,
                                         vt::SourcePtr source);

}  // namespace dynrr::tracer
