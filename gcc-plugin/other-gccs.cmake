# SPDX-License-Identifier: GPL-3.0-or-later
#
# Included by gcc-plugin/CMakeLists.txt once it knows the major version
# (_major) of the GCC this build compiles the plugin for in-tree.  Every
# other GCC on the machine gets its own plugin too, so that "gcc-N
# -fplugin=sealing" works for each installed gcc-N after one install:
#
#   gcc-plugin/gcc-N/    a build of this source tree configured with gcc-N
#                        and g++-N (one project has one C++ compiler, and a
#                        plugin must be compiled by its own GCC's g++ with
#                        the runtime carried as that GCC compiled it), which
#                        builds the plugin target only;
#   cmake --install      runs that build's install of the gcc-plugin
#                        component: sealing.so, sealing.specs and
#                        sealing-hook.specs in $(gcc-N -print-file-name=plugin).
#
# A GCC qualifies when gcc-N and g++-N sit in the same directory as the
# in-tree GCC (or /usr/bin), it targets the same triplet, and its plugin
# headers are installed.  SEALING_GCC_VERSIONS names the versions instead;
# then one that does not qualify stops configure with the reason.
#
# Sets SEALING_GCC_OTHERS_LIT ("N=gcc-N:plugin ...", for the lit suite)
# and SEALING_GCC_OTHERS_NOTE (for the configure summary).

set(SEALING_GCC_OTHERS_LIT "")
set(SEALING_GCC_OTHERS_NOTE "")
if(CMAKE_CROSSCOMPILING OR SEALING_GCC_PLUGIN_OTHERS_OFF)
  return()
endif()

get_filename_component(_og_dir "${SEALING_GCC_PLUGIN_GCC}" DIRECTORY)
if(NOT _og_dir)
  set(_og_dir /usr/bin)
endif()
_sealing_gcc_query_of("${SEALING_GCC_PLUGIN_GCC}" _og_target -dumpmachine)

set(_og_wanted "${SEALING_GCC_VERSIONS}")
if(NOT _og_wanted)
  file(GLOB _og_cands "${_og_dir}/gcc-[0-9]*" /usr/bin/gcc-[0-9]*)
  foreach(c IN LISTS _og_cands)
    get_filename_component(n "${c}" NAME)
    if(n MATCHES "^gcc-([0-9]+)$")
      list(APPEND _og_wanted "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _og_wanted)
  list(SORT _og_wanted COMPARE NATURAL)
  set(_og_explicit FALSE)
else()
  set(_og_explicit TRUE)
endif()

# This file is read before the plugin's directory enables C++, so
# CMAKE_CXX_FLAGS may not exist yet; CMake would take it from CXXFLAGS,
# where dpkg-buildflags puts -g and the hardening flags.
if(DEFINED CMAKE_CXX_FLAGS)
  set(_og_cxx_flags "${CMAKE_CXX_FLAGS}")
else()
  set(_og_cxx_flags "$ENV{CXXFLAGS}")
endif()
set(_og_built "")
set(_og_skipped "")
foreach(n IN LISTS _og_wanted)
  if(n STREQUAL _major)
    continue()
  endif()
  # find_program keeps a variable that is already set, NO_CACHE or not:
  # without the unset every version after the first would get the
  # first one's gcc and g++.
  unset(_og_gcc)
  unset(_og_gxx)
  find_program(_og_gcc NAMES gcc-${n} HINTS "${_og_dir}" /usr/bin NO_CACHE NO_DEFAULT_PATH)
  find_program(_og_gxx NAMES g++-${n} HINTS "${_og_dir}" /usr/bin NO_CACHE NO_DEFAULT_PATH)
  set(why "")
  if(NOT _og_gcc)
    set(why "no gcc-${n}: apt-get install gcc-${n}")
  elseif(NOT _og_gxx)
    set(why "no g++-${n}: apt-get install g++-${n}")
  else()
    _sealing_gcc_query_of("${_og_gcc}" t -dumpmachine)
    _sealing_gcc_query_of("${_og_gcc}" pd -print-file-name=plugin)
    _sealing_major("${_og_gcc}" m)
    _sealing_major("${_og_gxx}" mxx)
    if(NOT m STREQUAL n OR NOT mxx STREQUAL n)
      set(why "gcc-${n} and g++-${n} report GCC ${m} and ${mxx}")
    elseif(NOT t STREQUAL _og_target)
      set(why "gcc-${n} targets ${t}, not ${_og_target}")
    elseif(NOT EXISTS "${pd}/include/gcc-plugin.h")
      set(why "no plugin headers: apt-get install gcc-${n}-plugin-dev")
    endif()
  endif()
  if(why)
    if(_og_explicit)
      message(FATAL_ERROR "sealing: SEALING_GCC_VERSIONS names GCC ${n}, but ${why}")
    endif()
    list(APPEND _og_skipped "GCC ${n}: ${why}")
    continue()
  endif()

  set(bin "${CMAKE_CURRENT_BINARY_DIR}/gcc-${n}")
  _sealing_plugin_subbuild(${n} "${bin}" "GCC ${n}" "${n}" "${pd}"
    -DCMAKE_C_COMPILER=${_og_gcc}
    -DCMAKE_CXX_COMPILER=${_og_gxx}
    # The same flags as this build (a distribution's hardening flags:
    # CMake folds CPPFLAGS into them only at this configure).
    "-DCMAKE_C_FLAGS=${CMAKE_C_FLAGS}"
    "-DCMAKE_CXX_FLAGS=${_og_cxx_flags}"
    "-DCMAKE_SHARED_LINKER_FLAGS=${CMAKE_SHARED_LINKER_FLAGS}")
  list(APPEND _og_built ${n})
  list(APPEND SEALING_GCC_OTHERS_LIT "${n}=${_og_gcc}:${bin}/gcc-plugin/sealing.so")
endforeach()

string(REPLACE ";" " " SEALING_GCC_OTHERS_LIT "${SEALING_GCC_OTHERS_LIT}")
if(_og_built)
  string(REPLACE ";" ", " l "${_og_built}")
  set(SEALING_GCC_OTHERS_NOTE "also for GCC ${l}, each in gcc-plugin/gcc-N/")
endif()
if(_og_skipped)
  string(REPLACE ";" " / " l "${_og_skipped}")
  if(SEALING_GCC_OTHERS_NOTE)
    string(APPEND SEALING_GCC_OTHERS_NOTE ", ")
  endif()
  string(APPEND SEALING_GCC_OTHERS_NOTE "not for ${l}")
endif()
