// builtin_internal.h — what the files of BuiltinVariable's handlers share
// (builtin.cpp's table, builtin_library.cpp, builtin_minmax.cpp): the keyword and
// iteration helpers every `call_<name>` handler uses, and the handlers that live outside
// builtin.cpp. Not part of the core's interface: include only from core/vt/builtin*.cpp.
#pragma once

#include <string>
#include <vector>

#include "core/guards/guard.h"
#include "core/vt/base.h"

namespace dynrr::vt::builtin_detail {

// Removes and returns keyword `key` (nullptr when absent).
VtPtr takeKwarg(Kwargs& kwargs, const std::string& key);
// "Not modelled with these arguments": the caller reports the generic reason
// (`unsupported: call to builtin <name>`).
Error notModelled();
// The realised items of an iterable (its unpack_var_sequence).
Expected<std::vector<VtPtr>> iterItems(Tx& tx, const VtPtr& v);

// A module global of a polyfill module (`operator` of polyfills.builtins, read by the
// inlined polyfill as G['<polyfillGlobal>'].<name>): MODULE_MATCH and the attribute's
// guard, or DUPLICATE_INPUT and the attribute guarded through the first source when the
// frame or another polyfill wrapped the module before (one tracker per module object).
void polyfillModuleGlobal(Tx& tx, const std::string& polyfillGlobal, const std::string& name,
                          guards::GuardKind attrKind, const std::string& attr, bool guardAttr);

// builtin_library.cpp: the library callables Dynamo folds or inlines through polyfills.
Expected<VtPtr> callSum(Tx& tx, const std::string& name, Args& args);
Expected<VtPtr> callSumKw(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);
Expected<VtPtr> callPartial(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);
Expected<VtPtr> callDeque(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);
Expected<VtPtr> callReduce(Tx& tx, const std::string& name, Args& args);
Expected<VtPtr> callItertools(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);
Expected<VtPtr> callTorchClass(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);

// builtin_fold.cpp: number and string builtins folded on constants, and the operator
// functions with handlers of their own.
Expected<VtPtr> callPow(Tx& tx, const std::string& name, Args& args);
Expected<VtPtr> callStrFold(Tx& tx, const std::string& name, Args& args);
Expected<VtPtr> callHash(Tx& tx, const std::string& name, Args& args);
Expected<VtPtr> callFormat(Tx& tx, const std::string& name, Args& args);
Expected<VtPtr> callOperatorFold(Tx& tx, const std::string& name, Args& args);

// builtin_itertools.cpp: itertools.pairwise / accumulate / takewhile / dropwhile /
// starmap / filterfalse / compress, their polyfill generators.
Expected<VtPtr> callItertoolsPolyfill(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);
// itertools.count / repeat (CountIteratorVariable, RepeatIteratorVariable, the
// polyfills.repeat generator) and the itertools.cycle polyfill (builtin_itertools.cpp).
Expected<VtPtr> callItertoolsEndless(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);
// itertools.tee(iterable, n=2): polyfills.itertools.tee's n generators over one iterator,
// sharing the items one has pulled ahead of the others (builtin_itertools.cpp).
Expected<VtPtr> callItertoolsTee(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);

// builtin_struct.cpp: struct.pack / struct.unpack folded on constants.
Expected<VtPtr> callStruct(Tx& tx, const std::string& name, Args& args);

// builtin_minmax.cpp: min() / max() (BuiltinVariable._call_min_max).
Expected<VtPtr> callMinMax(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);

}  // namespace dynrr::vt::builtin_detail
