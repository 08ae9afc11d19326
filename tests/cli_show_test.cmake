# cli_show_test.cmake — runs dynrr show/validate/replay on the sample trace and on a
# truncated copy, asserting on what they print and their exit codes.
set(trace ${WORK}/cli_sample.dynrr)
execute_process(COMMAND ${SAMPLE} ${trace} 3 RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sample writer failed: ${rc}")
endif()

execute_process(COMMAND ${DYNRR} show ${trace} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
foreach(expected "3 events" "x: Tensor = tensor(f32[2, 3] stride=(3, 1))" "l: list = [1, [...]]"
                 "TENSOR_MATCH" "<- L['x']" "sin = torch.sin(l_x_)")
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1 OR NOT rc EQUAL 0)
    message(FATAL_ERROR "dynrr show (rc ${rc}) lacks '${expected}':\n${out}")
  endif()
endforeach()

execute_process(COMMAND ${DYNRR} replay ${trace} --json OUTPUT_VARIABLE out RESULT_VARIABLE rc)
string(FIND "${out}" "\"summary\":{\"match\":0,\"diverge\":0,\"unsupported\":3}" at)
if(at EQUAL -1 OR NOT rc EQUAL 0)
  message(FATAL_ERROR "dynrr replay --json (rc ${rc}) printed:\n${out}")
endif()

# Cut the file mid-way through its last chunk: validate keeps 2 events and warns.
file(READ ${trace} hex HEX)
string(LENGTH "${hex}" n)
math(EXPR keep "${n} - 200")
string(SUBSTRING "${hex}" 0 ${keep} cut)
set(short ${WORK}/cli_sample_cut.dynrr)
# file(WRITE) cannot write binary from hex portably in old CMake; use python-free cmake -E.
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${cut}")
execute_process(COMMAND printf "${escaped}" OUTPUT_FILE ${short})
execute_process(COMMAND ${DYNRR} validate ${short} OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
string(FIND "${out}" "2 events" at1)
string(FIND "${err}" "incomplete final chunk" at2)
if(NOT rc EQUAL 0 OR at1 EQUAL -1 OR at2 EQUAL -1)
  message(FATAL_ERROR "validate on truncated trace: rc ${rc}\n${out}\n${err}")
endif()

# Garbage is bad input: exit code 2 and an error naming the offset.
file(WRITE ${WORK}/cli_garbage.dynrr "this is not a trace at all")
execute_process(COMMAND ${DYNRR} show ${WORK}/cli_garbage.dynrr ERROR_VARIABLE err RESULT_VARIABLE rc)
string(FIND "${err}" "bad magic at offset 0" at)
if(NOT rc EQUAL 2 OR at EQUAL -1)
  message(FATAL_ERROR "show on garbage: rc ${rc} ${err}")
endif()
