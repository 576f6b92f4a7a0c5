# SPDX-License-Identifier: MIT
cmake_policy(SET CMP0057 NEW)
#
# cmake -DNM=nm -DOBJ=sealing-rt.o -DGROUP=__sealing_rt_vN -P check-symbols.cmake
#
# The runtime may reference no libc symbol (rt-process.c says why), and a
# compiler is free to turn a struct copy into a memcpy call.  So the build
# fails if the object needs anything beyond what the linker itself defines,
# and the executable's part (GROUP_exe), which the core refers to weakly.
set(allowed _GLOBAL_OFFSET_TABLE_ __ehdr_start __start_sealing_mutable
    __stop_sealing_mutable __libc ${GROUP}_exe)
execute_process(COMMAND "${NM}" -u "${OBJ}" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check-symbols: ${NM} -u ${OBJ} failed")
endif()
string(REGEX MATCHALL "[^ \n]+\n" lines "${out}")
foreach(line IN LISTS lines)
  string(STRIP "${line}" sym)
  if(NOT sym IN_LIST allowed)
    message(FATAL_ERROR "check-symbols: ${OBJ} references ${sym}; the runtime may reference no library symbol")
  endif()
endforeach()
