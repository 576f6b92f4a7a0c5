# SPDX-License-Identifier: MIT
#
# cmake -DCC=<runtime compiler> -DREADELF=<readelf> -DAWK=<awk>
#       -DDATA_FORM_AWK=<carrier-glue/data-form.awk>
#       -DOBJ=<sealing-rt-module.o> -DGROUP=<core's COMDAT group>
#       -DOUT_ASM=<module-part.s> -DOUT_H=<sealing-rt-module-part.h>
#       [-DPART=MODULE|EXE]
#       -P module-part.cmake
#
# A part of the runtime as a section the loader does not map, in its
# COMDAT group (runtime/rt-fetch.c says why): the module part
# (runtime/sealing-rt-module.c, PART=MODULE, the default) in the core's
# group, or the executable's part (sealing-rt-exe-part.c, PART=EXE) in
# the executable's:
#
#   .sealing.module (.sealing.exe): magic (8 bytes), digest (8), zeros to
#   64 bytes, then the code, its entry first, linked flat at address 0
#   (module-part.ld)
#
# and the header the unit that maps it is compiled with, which names
# exactly that block: SEALING_RT_MODULE_PART_ (SEALING_RT_EXE_PART_) SIZE,
# MAGIC, DIGEST, ENTRY.  The code must run wherever it is mapped, so every
# relocation in the object must be PC-relative and resolve inside it:
# anything else fails the build here.
foreach(v IN ITEMS CC READELF AWK DATA_FORM_AWK OBJ GROUP OUT_ASM OUT_H)
  if(NOT ${v})
    message(FATAL_ERROR "module-part.cmake: -D${v}= is required")
  endif()
endforeach()
if(NOT PART)
  set(PART MODULE)
endif()
if(NOT PART MATCHES "^(MODULE|EXE)$")
  message(FATAL_ERROR "module-part.cmake: -DPART=${PART}: MODULE or EXE")
endif()
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
get_filename_component(top "${here}" DIRECTORY)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "module-part.cmake: ${ARGN} failed: ${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# The code starts 64 bytes into a 64-aligned section (after its head), so
# its sections keep their alignment up to 64 (GCC aligns some arrays to
# 32, SSE constants to 16): no part of it may need more.
run("${READELF}" -W -S "${OBJ}")
string(REGEX MATCHALL "\n  \\[ *[0-9]+\\] [^\n]+" shdrs "${out}")
foreach(h IN LISTS shdrs)
  if(h MATCHES "\\] \\.(text|rodata)" AND h MATCHES " ([0-9]+)$" AND CMAKE_MATCH_1 GREATER 64)
    message(FATAL_ERROR "module-part.cmake: ${OBJ}: a section aligned to ${CMAKE_MATCH_1} bytes:${h}")
  endif()
endforeach()
run("${READELF}" -W -r -s "${OBJ}")
string(REGEX MATCHALL "R_[A-Z0-9_]+" types "${out}")
list(REMOVE_DUPLICATES types)
foreach(t IN LISTS types)
  if(NOT t MATCHES "^R_(X86_64_(PC32|PLT32)|AARCH64_(CALL26|JUMP26|CONDBR19|TSTBR14|ADR_PREL_LO21|LD_PREL_LO19))$")
    message(FATAL_ERROR "module-part.cmake: ${OBJ} has a ${t} relocation: the module part must be position-independent without a GOT (no ADRP: -mcmodel=tiny on AArch64)")
  endif()
endforeach()
if(out MATCHES "[0-9]+: [0-9a-f]+ +[0-9]+ +[A-Z]+ +(GLOBAL|WEAK) +[A-Z]+ +UND +([^\n]+)")
  message(FATAL_ERROR "module-part.cmake: ${OBJ} refers to ${CMAKE_MATCH_2}, which the module part cannot reach")
endif()

# The compiler's own linker, which knows the target; the bytes through
# readelf, which reads any target's ELF (a cross build's objcopy may not
# be at hand, and ld's binary output refuses some targets).
set(elf "${OUT_ASM}.elf")
run("${CC}" -nostdlib -static -no-pie -Wl,--build-id=none -Wl,-T,${here}/module-part.ld
    "${OBJ}" -o "${elf}")
run("${READELF}" -W -x .module "${elf}")
# Rows of "  0xADDR " then 35 columns of hex groups (padded with spaces
# on the last row), a space and the bytes as text.  No CMake lists here:
# the text column may hold ';' or '['.
string(REGEX REPLACE "\n  0x[0-9a-f]+ (...................................) [^\n]*" "\\1" hex "${out}")
string(REGEX REPLACE "Hex dump of section '[^']*':" "" hex "${hex}")
string(REGEX REPLACE "[ \n]" "" hex "${hex}")
if(NOT hex MATCHES "^[0-9a-f]+$")
  message(FATAL_ERROR "module-part.cmake: cannot read the code of ${elf} from readelf")
endif()
string(LENGTH "${hex}" n)
# Padded to whole 8-byte words.
math(EXPR pad "(8 - ${n} / 2 % 8) % 8")
string(REPEAT "00" ${pad} zeros)
string(APPEND hex "${zeros}")
string(LENGTH "${hex}" n)
math(EXPR size "64 + ${n} / 2")

string(SHA256 sum "${hex}")
string(SUBSTRING "${sum}" 0 16 digest)
# The magic and the note version, then the digest, little-endian (every
# runtime port is); the names from include/sealing/note.h.
file(STRINGS "${top}/include/sealing/note.h" defs
     REGEX "#define SEALING_(NOTE_VERSION|${PART}_MAGIC|${PART}_SECTION) ")
string(REGEX MATCH "SEALING_NOTE_VERSION ([0-9]+)" m "${defs}")
math(EXPR vhex "${CMAKE_MATCH_1}" OUTPUT_FORMAT HEXADECIMAL)
string(REGEX REPLACE "^0x" "" vhex "${vhex}")
string(LENGTH "${vhex}" vl)
if(vl LESS 2)
  set(vhex "0${vhex}")
endif()
string(REGEX MATCH "SEALING_${PART}_MAGIC \"([A-Z]+)\"" m "${defs}")
string(HEX "${CMAKE_MATCH_1}" magic_le)
string(APPEND magic_le "${vhex}")
string(REGEX MATCH "SEALING_${PART}_SECTION \"([^\"]+)\"" m "${defs}")
set(section "${CMAKE_MATCH_1}")
string(LENGTH "${magic_le}" ml)
if(NOT ml EQUAL 16 OR section STREQUAL "")
  message(FATAL_ERROR "module-part.cmake: SEALING_${PART}_MAGIC (7 letters) or SEALING_${PART}_SECTION not found in note.h")
endif()

# le_bytes(VAR HEX16): a 64-bit value's 16 hex digits, byte order swapped
# (a number from its little-endian bytes, or the bytes from the number).
function(le_bytes var h)
  set(r "")
  foreach(i RANGE 14 0 -2)
    string(SUBSTRING "${h}" ${i} 2 b)
    string(APPEND r "${b}")
  endforeach()
  set(${var} "${r}" PARENT_SCOPE)
endfunction()
le_bytes(magic "${magic_le}")
le_bytes(digest_le "${digest}")
string(REPEAT "00" 48 head_zeros)
set(all "${magic_le}${digest_le}${head_zeros}${hex}")

# As .ascii lines, written by carrier-glue/data-form.awk as it writes
# every carried section: the cheapest form for both assemblers to read.
execute_process(COMMAND "${AWK}" -v bytes=${all} -f "${DATA_FORM_AWK}"
                OUTPUT_VARIABLE lines RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "module-part.cmake: data-form.awk failed: ${err}")
endif()

file(WRITE "${OUT_ASM}.tmp"
  "# The ${PART} part (runtime/rt-fetch.c): not mapped by the loader.\n"
  "\t.pushsection ${section},\"G\",%progbits,${GROUP},comdat\n"
  "\t.balign 64\n"
  "${lines}"
  "\t.popsection\n")
file(RENAME "${OUT_ASM}.tmp" "${OUT_ASM}")
file(WRITE "${OUT_H}.tmp"
  "/* Generated by runtime/module-part.cmake; do not edit. */\n"
  "#define SEALING_RT_${PART}_PART_SIZE ${size}u\n"
  "#define SEALING_RT_${PART}_PART_MAGIC 0x${magic}ull\n"
  "#define SEALING_RT_${PART}_PART_DIGEST 0x${digest}ull\n"
  "#define SEALING_RT_${PART}_PART_ENTRY 64u\n")
file(RENAME "${OUT_H}.tmp" "${OUT_H}")
