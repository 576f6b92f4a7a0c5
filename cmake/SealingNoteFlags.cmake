# SPDX-License-Identifier: MIT
#
# sealing_note_flags(OUT [KEY=VALUE...]): the note's flags word for these
# options, computed from include/sealing/note.h by carrier-glue/note-flags.c
# with the build machine's compiler, so no flag bit is spelt twice.

find_program(SEALING_HOST_CC NAMES cc gcc clang REQUIRED)
set(SEALING_NOTE_FLAGS_TOOL "${CMAKE_BINARY_DIR}/note-flags" CACHE INTERNAL "carrier-glue/note-flags.c, built at configure time")
execute_process(
  COMMAND "${SEALING_HOST_CC}" -std=c11 -I "${SEALING_INCLUDE_DIR}"
          "${PROJECT_SOURCE_DIR}/carrier-glue/note-flags.c" -o "${SEALING_NOTE_FLAGS_TOOL}"
  RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "sealing: cannot build the note-flags helper: ${_err}")
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  "${PROJECT_SOURCE_DIR}/carrier-glue/note-flags.c" "${SEALING_INCLUDE_DIR}/sealing/note.h")

function(sealing_note_flags out)
  execute_process(COMMAND "${SEALING_NOTE_FLAGS_TOOL}" ${ARGN}
    OUTPUT_VARIABLE v OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sealing: ${err}")
  endif()
  set(${out} "${v}" PARENT_SCOPE)
endfunction()

# sealing_note_group(OUT [EXE]): the COMDAT group's name, or with EXE the
# executable's part's.
function(sealing_note_group out)
  if(ARGV1 STREQUAL "EXE")
    sealing_note_flags(v --exe-group)
  else()
    sealing_note_flags(v --group)
  endif()
  set(${out} "${v}" PARENT_SCOPE)
endfunction()
