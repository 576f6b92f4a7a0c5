# SPDX-License-Identifier: GPL-3.0-or-later
#
# Everything sealctl needs to know about this machine's binutils, found
# at configure time in this one file; bfd-compat.h maps what it finds
# onto one API.  Verified against binutils 2.40 (Debian 12), 2.44
# (Debian 13) and 2.47 (Debian unstable).
#
# Sets SEALCTL_BFD_OK, or SEALCTL_BFD_WHY (one line: what is missing and
# which package provides it) -- never a CMake error, so a machine without
# binutils-dev still configures and the summary says why sealctl is not
# built.  On success: SEALCTL_BFD_INCLUDE_DIR, SEALCTL_BFD_LIBS (what to
# link), SEALCTL_BFD_VERSION and the SEALCTL_HAVE_* results for
# sealctl-config.h.

include(CheckCSourceCompiles)
include(CMakePushCheckState)

set(SEALCTL_BFD_OK OFF)
set(SEALCTL_BFD_WHY "")

# Debian's package for each piece.  libsframe.a is in binutils-dev up to
# Debian 13 (2.44) and in libsframe-dev in unstable (2.47).
set(_pkg_bfd binutils-dev)
set(_pkg_iberty libiberty-dev)
set(_pkg_zlib zlib1g-dev)
set(_pkg_zstd libzstd-dev)
set(_pkg_sframe "libsframe-dev (binutils-dev in Debian 13 and older)")

find_path(SEALCTL_BFD_INCLUDE_DIR bfd.h)
find_library(SEALCTL_LIBBFD NAMES libbfd.a)
find_library(SEALCTL_LIBIBERTY NAMES libiberty.a)
find_library(SEALCTL_LIBSFRAME NAMES libsframe.a)
find_library(SEALCTL_LIBZSTD NAMES zstd)
find_package(ZLIB QUIET)

set(_missing "")
set(_pkgs "")
foreach(req "SEALCTL_BFD_INCLUDE_DIR|bfd.h|bfd" "SEALCTL_LIBBFD|libbfd.a|bfd"
            "SEALCTL_LIBIBERTY|libiberty.a|iberty" "ZLIB_FOUND|zlib|zlib")
  string(REPLACE "|" ";" req "${req}")
  list(GET req 0 var)
  list(GET req 1 what)
  list(GET req 2 pkg)
  if(NOT ${var})
    string(APPEND _missing " ${what}")
    if(NOT " ${_pkgs} " MATCHES " ${_pkg_${pkg}} ")
      string(APPEND _pkgs " ${_pkg_${pkg}}")
    endif()
  endif()
endforeach()
if(_missing)
  set(SEALCTL_BFD_WHY "not found:${_missing} -- apt-get install${_pkgs}")
  return()
endif()

# libbfd.a's own dependencies vary with the release and with how
# binutils was configured (libsframe from 2.40, zstd when built with it):
# link what was found, never a NOTFOUND, and if the link fails say which
# library the undefined symbols belong to.
set(SEALCTL_BFD_LIBS ${SEALCTL_LIBBFD})
foreach(lib SEALCTL_LIBSFRAME SEALCTL_LIBIBERTY ZLIB_LIBRARIES SEALCTL_LIBZSTD CMAKE_DL_LIBS)
  if(${lib})
    list(APPEND SEALCTL_BFD_LIBS ${${lib}})
  endif()
endforeach()

set(_bfd_defs -DPACKAGE=\"sealctl\" -DPACKAGE_VERSION=\"0\")
try_compile(_links SOURCE_FROM_CONTENT bfd-link.c "
#define PACKAGE \"sealctl\"
#define PACKAGE_VERSION \"0\"
#include <bfd.h>
int main(void) { bfd_init(); bfd *b = bfd_openr(\"x\", 0); return b && bfd_check_format(b, bfd_object); }"
  CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${SEALCTL_BFD_INCLUDE_DIR}"
  LINK_LIBRARIES ${SEALCTL_BFD_LIBS}
  OUTPUT_VARIABLE _link_log)
if(NOT _links)
  set(_need "")
  # undefined symbol (a regex) @ library @ package
  foreach(sym "sframe_@libsframe.a@sframe" "ZSTD_@libzstd@zstd" "(in|de)flate@zlib@zlib"
              "(htab_|xmalloc|xstrdup|concat)@libiberty.a@iberty")
    string(REPLACE "@" ";" sym "${sym}")
    list(GET sym 0 re)
    list(GET sym 1 what)
    list(GET sym 2 pkg)
    if(_link_log MATCHES "undefined reference to [`']${re}" AND NOT _need MATCHES "${what}")
      string(APPEND _need " ${what} -- apt-get install ${_pkg_${pkg}};")
    endif()
  endforeach()
  if(_need)
    string(REGEX REPLACE ";$" "" _need "${_need}")
    set(SEALCTL_BFD_WHY "the static libbfd.a (${SEALCTL_LIBBFD}) needs, and this machine lacks:${_need}")
  else()
    string(REGEX MATCH "[^\n]*(error|undefined)[^\n]*" _first "${_link_log}")
    set(SEALCTL_BFD_WHY "a program cannot be linked against the static libbfd.a (${SEALCTL_LIBBFD}): ${_first} -- apt-get install ${_pkg_bfd} ${_pkg_iberty} ${_pkg_zlib} ${_pkg_zstd}")
  endif()
  return()
endif()

# API differences between releases, one probe each.
cmake_push_check_state(RESET)
set(CMAKE_REQUIRED_QUIET ON)
set(CMAKE_REQUIRED_INCLUDES ${SEALCTL_BFD_INCLUDE_DIR})
set(CMAKE_REQUIRED_DEFINITIONS ${_bfd_defs})
set(CMAKE_REQUIRED_LIBRARIES ${SEALCTL_BFD_LIBS})
# 2.34 dropped the bfd argument of the section accessors.
foreach(acc size vma name flags alignment)
  string(TOUPPER ${acc} ACC)
  check_c_source_compiles("
#include <bfd.h>
int main(void) { asection *s = 0; return (int)(long)bfd_section_${acc}(s); }"
    SEALCTL_HAVE_BFD_SECTION_${ACC}_1ARG)
endforeach()
check_c_source_compiles("
#include <bfd.h>
int main(void) { return bfd_is_section_compressed(0, 0); }"
  SEALCTL_HAVE_BFD_IS_SECTION_COMPRESSED)
# 2.42 renamed bfd_bread to bfd_read (three arguments; before, bfd_read
# was a deprecated four-argument macro), and 2.44 dropped bfd_bread.
check_c_source_compiles("
#include <bfd.h>
int main(void) { char b[4]; return (int)bfd_read(b, 4, (bfd *)0); }"
  SEALCTL_HAVE_BFD_READ)
cmake_pop_check_state()

# bfd.h carries no version; Debian's shared libbfd next to libbfd.a
# names it.  Only used in --version output.
get_filename_component(_bfddir "${SEALCTL_LIBBFD}" DIRECTORY)
file(GLOB _bfdso "${_bfddir}/libbfd-*.so")
set(SEALCTL_BFD_VERSION "BFD")
if(_bfdso)
  list(GET _bfdso 0 _bfdso)
  string(REGEX REPLACE ".*/libbfd-([0-9.]+[0-9]).*" "BFD \\1" SEALCTL_BFD_VERSION "${_bfdso}")
endif()
set(SEALCTL_BFD_OK ON)
