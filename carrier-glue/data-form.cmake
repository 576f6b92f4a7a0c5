# SPDX-License-Identifier: MIT
#
# cmake -DCC=<runtime compiler> -DREADELF=<readelf> -DAWK=<awk>
#       -DIN=<carried .s> -DOUT=<data-form .s> -P data-form.cmake
#
# Assembles a carried runtime part with the compiler that compiled it and
# writes it back as data (data-form.awk), then assembles that too and
# checks that both objects hold the same bytes in every allocated section:
# the carried form must be the runtime as compiled, not a lookalike.
foreach(v IN ITEMS CC READELF AWK IN OUT)
  if(NOT ${v})
    message(FATAL_ERROR "data-form.cmake: -D${v}= is required")
  endif()
endforeach()
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)

# The core's note takes symbols the carrier sets per unit: any value will
# do here, the note is kept as text.
set(defs ".set .Lsealing_policy, 1\n.set .Lsealing_carrier, 1\n.set .Lsealing_flags, 0\n")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "data-form.cmake: ${ARGN} failed: ${err}")
  endif()
endfunction()

# assemble(ASM OBJ): ASM after the note's symbols.
function(assemble asm obj)
  file(READ "${asm}" text)
  file(WRITE "${obj}.s" "${defs}${text}")
  run("${CC}" -c "${obj}.s" -o "${obj}")
endfunction()

# listing(OBJ OUT): what data-form.awk reads: the headers, symbols and
# relocations, then a dump of each section with contents.
function(listing obj out)
  execute_process(COMMAND "${READELF}" -W -S "${obj}" OUTPUT_VARIABLE sh RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "data-form.cmake: ${READELF} -S ${obj} failed")
  endif()
  set(dumps "")
  string(REGEX MATCHALL "\\[ *[0-9]+\\] [^\n]*" headers "${sh}")
  foreach(h IN LISTS headers)
    if(h MATCHES "^\\[ *([0-9]+)\\] +[^ ]+ +(PROGBITS|INIT_ARRAY|FINI_ARRAY|PREINIT_ARRAY|NOTE) ")
      list(APPEND dumps -x "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  execute_process(COMMAND "${READELF}" -W -S -g -s -r ${dumps} "${obj}"
                  OUTPUT_FILE "${out}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "data-form.cmake: ${READELF} on ${obj} failed")
  endif()
endfunction()

# awk(OUT ARGS...): data-form.awk's output into OUT.
function(awk out)
  execute_process(COMMAND "${AWK}" ${ARGN} OUTPUT_FILE "${out}"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "data-form.cmake: ${err}")
  endif()
endfunction()

set(awk_script "${here}/data-form.awk")
assemble("${IN}" "${OUT}.text.o")
listing("${OUT}.text.o" "${OUT}.text.listing")
awk("${OUT}.tmp" -f "${awk_script}" "${OUT}.text.listing" "${IN}")
assemble("${OUT}.tmp" "${OUT}.data.o")
listing("${OUT}.data.o" "${OUT}.data.listing")
foreach(which text data)
  awk("${OUT}.${which}.digest" -v digest=1 -f "${awk_script}" "${OUT}.${which}.listing")
  file(READ "${OUT}.${which}.digest" ${which})
endforeach()
if(NOT text STREQUAL data)
  message(FATAL_ERROR "data-form.cmake: ${OUT}.tmp does not assemble to the code of ${IN} (compare ${OUT}.text.digest and ${OUT}.data.digest)")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")
