// tensor_ops.h — graph calls that produce tensors (variables/builder.py wrap_fx_proxy,
// what TorchInGraphFunctionVariable, TensorVariable.call_method and the tensor operators
// end in): arguments become FX arguments and fake-tensor arguments, the meta function
// gives the example value.
#pragma once

#include <string>
#include <utility>

#include "core/tracer/instruction_translator.h"

namespace dynrr::tracer {

// A graph call producing a tensor (or a tuple of tensors): call_method `target` when
// `method`, call_function otherwise; `metaOp` names the meta function.
Expected<VtPtr> tensorCall(InstructionTranslator& tx, bool method, const std::string& target,
                           const std::string& metaOp, vt::Args args, vt::Kwargs kwargs);
// `t[index] = value` (operator.setitem in the graph).
Expected<VtPtr> tensorSetItem(InstructionTranslator& tx, const VtPtr& tensor, const VtPtr& index,
                              const VtPtr& value);
bool anyTensor(const vt::Args& args, const vt::Kwargs& kwargs);

// A value as a torch op's argument: the graph's form and the meta function's (tensors,
// constants, slices, tuples and lists of them); unsupported for anything else.
Expected<std::pair<GraphArg, fake::MetaArg>> convertOpArg(InstructionTranslator& tx,
                                                          const VtPtr& value);

}  // namespace dynrr::tracer
