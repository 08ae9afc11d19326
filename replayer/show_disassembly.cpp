// show_disassembly.cpp — the disassembly section of `dynrr show`: the frame's code object
// as Python 3.11's dis.disassemble prints it (core/bytecode), nested code not expanded.
#include "replayer/show_disassembly.h"

#include "core/bytecode/code_object.h"
#include "core/bytecode/disassembler.h"

namespace dynrr::replayer {

std::string disassembleForShow(const trace::TraceReader& trace, trace::ObjRef code) {
  auto co = bytecode::codeFromTrace(trace, code);
  if (!co.ok()) return "<cannot disassemble: " + co.error().message() + ">";
  bytecode::DisassembleOptions options;
  options.recursive = false;
  auto text = bytecode::disassembleChecked(*co, bytecode::traceConstRepr(trace), options);
  if (!text.ok()) return "<cannot disassemble: " + text.error().message() + ">";
  std::string out = std::move(text.value());
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace dynrr::replayer
