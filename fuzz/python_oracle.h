// python_oracle.h — the in-process oracle of dynrr-fuzz: an embedded CPython 3.11 (the
// venv's, with torch 2.13) that runs fuzz/oracle.py's run_case on a program's source:
// eagerly, then under torch.compile(backend="eager") with dynrr's recorder keeping the
// trace in memory, then (for transparency) compiled without the recorder.
//
// Torch is imported once, when the oracle starts; workers forked afterwards inherit it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/support/error.h"

namespace dynrr::fuzz {

struct OracleRequest {
  bool trace = true;          // record the compiled run, return the trace bytes
  bool correctness = false;   // compare compiled with eager
  bool transparency = false;  // also compile without the recorder and compare
};

struct OracleResult {
  std::string status;  // "ok", "eager_error" or "dynamo_error"
  std::string error;
  std::string trace;         // the recorded .dynrr bytes
  std::string mismatch;      // compiled vs eager: "" when equal
  std::string transparency;  // recorded vs unrecorded compiled run: "" when equal
  uint64_t eagerNs = 0, compiledNs = 0, dynamoNs = 0, recorderNs = 0, setupNs = 0;
  uint64_t wallNs = 0;  // the whole run_case call
};

class PythonOracle {
 public:
  // Starts the interpreter once per process. `argv0` locates the build directory
  // (<build>/bin/dynrr-fuzz -> <build>/python, where _dynrr lives).
  static Expected<PythonOracle*> start(const std::string& argv0);

  Expected<OracleResult> run(const std::string& source, const OracleRequest& request);

 private:
  PythonOracle() = default;
  void* runCase_ = nullptr;  // PyObject*: oracle.run_case
};

}  // namespace dynrr::fuzz
