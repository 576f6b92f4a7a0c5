# SPDX-License-Identifier: MIT
#
# What other builds use to find an installed sealing:
#   <libdir>/pkgconfig/sealing.pc                  pkg-config sealing
#   <libdir>/cmake/Sealing/SealingConfig.cmake     find_package(Sealing)
#   <libdir>/cmake/Sealing/SealingConfigVersion.cmake
# Included at the end of the top-level CMakeLists.txt, when every component
# has said where it installs (global properties SEALING_*_INSTALLED); a
# component that was not built leaves its variable empty in both files.

include(CMakePackageConfigHelpers)

get_property(_gcc_plugin GLOBAL PROPERTY SEALING_GCC_PLUGIN_INSTALLED)
get_property(_gcc_specs GLOBAL PROPERTY SEALING_GCC_SPECS_INSTALLED)
get_property(_llvm_plugin GLOBAL PROPERTY SEALING_LLVM_PLUGIN_INSTALLED)
get_property(_llvm_cfg GLOBAL PROPERTY SEALING_LLVM_CFG_INSTALLED)
get_property(_have_loader GLOBAL PROPERTY SEALING_HAVE_loader)

set(_sealingdir "${CMAKE_INSTALL_LIBDIR}/sealing")
# GNUInstallDirs' directories may be relative to the prefix or absolute.
function(_sealing_full_dir dir out)
  if(IS_ABSOLUTE "${dir}")
    set(${out} "${dir}" PARENT_SCOPE)
  else()
    set(${out} "${CMAKE_INSTALL_PREFIX}/${dir}" PARENT_SCOPE)
  endif()
endfunction()
_sealing_full_dir("${CMAKE_INSTALL_LIBDIR}" _libdir_full)
set(_loader "")
if(_have_loader)
  set(_loader "${_libdir_full}/sealing/libsealing-loader.so")
endif()

# --- sealing.pc: ${prefix}-relative where the file is under the prefix ---
function(_sealing_pc_path out path)
  string(LENGTH "${CMAKE_INSTALL_PREFIX}/" n)
  string(SUBSTRING "${path}" 0 ${n} head)
  if(path AND head STREQUAL "${CMAKE_INSTALL_PREFIX}/")
    string(SUBSTRING "${path}" ${n} -1 tail)
    set(path "\${prefix}/${tail}")
  endif()
  set(${out} "${path}" PARENT_SCOPE)
endfunction()
_sealing_pc_path(PC_LIBDIR "${_libdir_full}")
_sealing_full_dir("${CMAKE_INSTALL_INCLUDEDIR}" _includedir_full)
_sealing_pc_path(PC_INCLUDEDIR "${_includedir_full}")
_sealing_pc_path(PC_LLVM_PLUGIN "${_llvm_plugin}")
_sealing_pc_path(PC_LLVM_CFG "${_llvm_cfg}")
_sealing_pc_path(PC_GCC_PLUGIN "${_gcc_plugin}")
_sealing_pc_path(PC_GCC_SPECS "${_gcc_specs}")
_sealing_pc_path(PC_LOADER "${_loader}")
# One plugin and specs per native GCC: gcc_plugin_<N> and gcc_specs_<N>,
# listed by gcc_versions; gcc_plugin and gcc_specs stay the build's own
# GCC's.  Not the cross GCCs': sealing.pc describes this architecture
# (lintian: pkg-config-multi-arch-wrong-dir), and a cross build's
# pkg-config reads the target architecture's sealing.pc anyway.
get_property(_gcc_all GLOBAL PROPERTY SEALING_GCC_PLUGINS_INSTALLED)
set(PC_GCC_PER_VERSION "")
set(PC_GCC_VERSIONS "")
foreach(e IN LISTS _gcc_all)
  string(REGEX MATCH "^([^=]+)=(.*)$" _ "${e}")
  set(key "${CMAKE_MATCH_1}")
  set(dir "${CMAKE_MATCH_2}")
  if(NOT key MATCHES "^[0-9]+$")
    continue()
  endif()
  list(APPEND PC_GCC_VERSIONS "${key}")
  if(NOT IS_ABSOLUTE "${dir}")
    set(dir "${CMAKE_INSTALL_PREFIX}/${dir}")
  endif()
  _sealing_pc_path(p "${dir}")
  string(APPEND PC_GCC_PER_VERSION "gcc_plugin_${key}=${p}/sealing.so\ngcc_specs_${key}=${p}/sealing.specs\n")
endforeach()
list(SORT PC_GCC_VERSIONS COMPARE NATURAL)
string(REPLACE ";" " " PC_GCC_VERSIONS "${PC_GCC_VERSIONS}")
string(REPLACE "\\n" "\n" PC_GCC_PER_VERSION "${PC_GCC_PER_VERSION}")
# The prefix is written at install time, so that "cmake --install
# --prefix" gets a sealing.pc for where it installs.
set(PC_PREFIX "@SEALING_INSTALL_PREFIX@")
configure_file("${PROJECT_SOURCE_DIR}/cmake/sealing.pc.in"
               "${PROJECT_BINARY_DIR}/sealing.pc.prefixless" @ONLY)
install(CODE "
  set(pcdir \"${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
  if(NOT IS_ABSOLUTE \"\${pcdir}\")
    set(pcdir \"\${CMAKE_INSTALL_PREFIX}/\${pcdir}\")
  endif()
  set(SEALING_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${PROJECT_BINARY_DIR}/sealing.pc.prefixless\"
                 \"${PROJECT_BINARY_DIR}/install-time/sealing.pc\" @ONLY)
  file(INSTALL DESTINATION \"\${pcdir}\" TYPE FILE FILES \"${PROJECT_BINARY_DIR}/install-time/sealing.pc\")
  ")

# --- SealingConfig.cmake: relocatable below the prefix, absolute above ---
set(SEALING_PKG_SEALINGDIR "${_sealingdir}")
set(SEALING_PKG_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
# A path below the prefix, as one below the prefix the file is found in
# (it may have been installed with "cmake --install --prefix").
function(_sealing_cfg_path out path)
  string(LENGTH "${CMAKE_INSTALL_PREFIX}/" n)
  string(SUBSTRING "${path}" 0 ${n} head)
  if(path AND head STREQUAL "${CMAKE_INSTALL_PREFIX}/")
    string(SUBSTRING "${path}" ${n} -1 tail)
    set(path "\${PACKAGE_PREFIX_DIR}/${tail}")
  endif()
  set(${out} "${path}" PARENT_SCOPE)
endfunction()
_sealing_cfg_path(SEALING_PKG_GCC_PLUGIN "${_gcc_plugin}")
_sealing_cfg_path(SEALING_PKG_GCC_SPECS "${_gcc_specs}")
get_property(SEALING_PKG_GCC_DIR GLOBAL PROPERTY SEALING_GCC_PLUGIN_GCC_DIR)
_sealing_cfg_path(SEALING_PKG_LLVM_PLUGIN "${_llvm_plugin}")
_sealing_cfg_path(SEALING_PKG_LLVM_CFG "${_llvm_cfg}")
_sealing_cfg_path(SEALING_PKG_LOADER "${_loader}")
set(_cmakedir "${CMAKE_INSTALL_LIBDIR}/cmake/Sealing")
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/SealingConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/SealingConfig.cmake"
  INSTALL_DESTINATION "${_cmakedir}"
  PATH_VARS SEALING_PKG_SEALINGDIR SEALING_PKG_INCLUDEDIR)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/SealingConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/SealingConfig.cmake"
              "${PROJECT_BINARY_DIR}/SealingConfigVersion.cmake"
        DESTINATION "${_cmakedir}")
