# SPDX-License-Identifier: GPL-3.0-or-later
#
# Included by gcc-plugin/CMakeLists.txt after other-gccs.cmake: the plugin
# for each cross GCC on this machine (Debian's gcc-N-<triplet> packages,
# e.g. aarch64-linux-gnu-gcc-12), so that its -specs=sealing.specs and
# -fplugin=sealing work as the native GCC's do.  A plugin runs inside the
# compiler that loads it, so each is a build-machine library compiled by
# this machine's g++-N; the runtime it carries is compiled by the cross
# GCC.  That is the cross build cmake/<triplet>.cmake describes
# (cmake/aarch64-linux-gnu.cmake), so each plugin is a build of this tree
# with that toolchain file, in gcc-plugin/cross-<triplet>-<N>/, building
# the plugin target only, installed into the cross GCC's plugin directory
# (lib/gcc-cross/<triplet>/<N>/plugin below the prefix).
#
# A cross GCC qualifies when /usr/bin/<triplet>-gcc-N targets <triplet>
# (not this machine's own), its plugin headers are installed
# (gcc-N-plugin-dev-<triplet>), g++-N exists, and cmake/<triplet>.cmake
# does.  SEALING_GCC_CROSS names them instead ("aarch64-linux-gnu-12";
# one that does not qualify stops configure), or OFF for none.
#
# Appends to SEALING_GCC_OTHERS_NOTE and to the global property
# SEALING_GCC_PLUGINS_INSTALLED ("<triplet>-<N>=<plugin dir>").

if(CMAKE_CROSSCOMPILING OR SEALING_GCC_PLUGIN_OTHERS_OFF)
  return()
endif()
set(SEALING_GCC_CROSS "" CACHE STRING
    "Cross GCCs to build the plugin for, as <triplet>-<N> (default: every <triplet>-gcc-N with plugin headers, g++-N and cmake/<triplet>.cmake; OFF: none)")
if(SEALING_GCC_CROSS STREQUAL "OFF")
  return()
endif()
_sealing_gcc_query_of("${SEALING_GCC_PLUGIN_GCC}" _xg_native -dumpmachine)

set(_xg_wanted "${SEALING_GCC_CROSS}")
set(_xg_explicit TRUE)
if(NOT _xg_wanted)
  set(_xg_explicit FALSE)
  file(GLOB _xg_cands /usr/bin/*-gcc-[0-9]*)
  foreach(c IN LISTS _xg_cands)
    get_filename_component(c "${c}" NAME)
    if(c MATCHES "^([a-z0-9_]+-[a-z0-9_]+-[a-z0-9_]+)-gcc-([0-9]+)$"
       AND NOT CMAKE_MATCH_1 STREQUAL _xg_native)
      list(APPEND _xg_wanted "${CMAKE_MATCH_1}-${CMAKE_MATCH_2}")
    endif()
  endforeach()
endif()

set(_xg_built "")
set(_xg_skipped "")
foreach(x IN LISTS _xg_wanted)
  if(NOT x MATCHES "^(.+)-([0-9]+)$")
    message(FATAL_ERROR "sealing: SEALING_GCC_CROSS: '${x}' is not <triplet>-<N>")
  endif()
  set(triplet "${CMAKE_MATCH_1}")
  set(n "${CMAKE_MATCH_2}")
  set(gcc "/usr/bin/${triplet}-gcc-${n}")
  unset(_xg_gxx)
  find_program(_xg_gxx NAMES g++-${n} HINTS /usr/bin NO_CACHE NO_DEFAULT_PATH)
  set(toolchain "${PROJECT_SOURCE_DIR}/cmake/${triplet}.cmake")
  set(why "")
  if(NOT EXISTS "${gcc}")
    set(why "no ${gcc}: apt-get install gcc-${n}-${triplet}")
  else()
    _sealing_gcc_query_of("${gcc}" t -dumpmachine)
    _sealing_gcc_query_of("${gcc}" pd -print-file-name=plugin)
    if(NOT t STREQUAL triplet)
      set(why "${gcc} targets ${t}")
    elseif(NOT EXISTS "${pd}/include/gcc-plugin.h")
      set(why "no plugin headers: apt-get install gcc-${n}-plugin-dev-${triplet}")
    elseif(NOT _xg_gxx)
      set(why "no g++-${n} to compile its plugin: apt-get install g++-${n}")
    elseif(NOT EXISTS "${toolchain}")
      set(why "no cmake/${triplet}.cmake to cross-build its runtime")
    endif()
  endif()
  if(why)
    if(_xg_explicit)
      message(FATAL_ERROR "sealing: SEALING_GCC_CROSS names ${x}, but ${why}")
    endif()
    list(APPEND _xg_skipped "${triplet}-gcc-${n}: ${why}")
    continue()
  endif()

  set(bin "${CMAKE_CURRENT_BINARY_DIR}/cross-${x}")
  _sealing_plugin_subbuild(${x} "${bin}" "${triplet}-gcc-${n}" "${triplet}-${n}" "${pd}"
    -DCMAKE_TOOLCHAIN_FILE=${toolchain}
    -DCMAKE_C_COMPILER=${gcc}
    -DCMAKE_CXX_COMPILER=${_xg_gxx}
    # The plugin is the build machine's: its C++ and link flags are this
    # build's.  The C flags are not: they would reach the cross-compiled
    # runtime, and a distribution's (-fcf-protection) are per target.
    "-DCMAKE_CXX_FLAGS=${_og_cxx_flags}"
    # Set, even empty, so that CMake does not take CFLAGS from the
    # environment either (dpkg-buildflags' are the build machine's).
    "-DCMAKE_C_FLAGS=")
  list(APPEND _xg_built "${triplet}-gcc-${n}")
endforeach()

if(_xg_built)
  string(REPLACE ";" ", " l "${_xg_built}")
  if(SEALING_GCC_OTHERS_NOTE)
    string(APPEND SEALING_GCC_OTHERS_NOTE ", ")
  endif()
  string(APPEND SEALING_GCC_OTHERS_NOTE "for the cross ${l} in gcc-plugin/cross-*/")
endif()
if(_xg_skipped)
  string(REPLACE ";" " / " l "${_xg_skipped}")
  if(SEALING_GCC_OTHERS_NOTE)
    string(APPEND SEALING_GCC_OTHERS_NOTE ", ")
  endif()
  string(APPEND SEALING_GCC_OTHERS_NOTE "not for the cross ${l}")
endif()
