// show_disassembly.cpp — until core/bytecode lands, prints the raw code size only.
#include "replayer/show_disassembly.h"

namespace dynrr::replayer {

std::string disassembleForShow(const trace::TraceReader& trace, trace::ObjRef code) {
  auto obj = trace.object(code);
  if (!obj || obj->which() != schema::Object::Which::CODE) return "<not a code object>";
  return "<" + std::to_string(obj->getCode().getCode().size()) +
         " bytes of bytecode; the disassembler (core/bytecode) is not built yet>";
}

}  // namespace dynrr::replayer
