# SPDX-License-Identifier: MIT
#
# sealing_note_flags(OUT [KEY=VALUE...]): the note's flags word for these
# options, computed from include/sealing/note.h by runtime/note-flags.c
# with the build machine's compiler, so no flag bit is spelt twice.

find_program(SEALING_HOST_CC NAMES cc gcc clang REQUIRED)
set(_note_flags_tool "${CMAKE_BINARY_DIR}/note-flags")
execute_process(
  COMMAND "${SEALING_HOST_CC}" -std=c11 -I "${SEALING_INCLUDE_DIR}"
          "${PROJECT_SOURCE_DIR}/runtime/note-flags.c" -o "${_note_flags_tool}"
  RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "sealing: cannot build the note-flags helper: ${_err}")
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  "${PROJECT_SOURCE_DIR}/runtime/note-flags.c" "${SEALING_INCLUDE_DIR}/sealing/note.h")

function(sealing_note_flags out)
  execute_process(COMMAND "${_note_flags_tool}" ${ARGN}
    OUTPUT_VARIABLE v OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sealing: ${err}")
  endif()
  set(${out} "${v}" PARENT_SCOPE)
endfunction()
