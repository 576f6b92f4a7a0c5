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
get_property(_gcc_by_name GLOBAL PROPERTY SEALING_GCC_PLUGIN_BY_NAME)
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
configure_file("${PROJECT_SOURCE_DIR}/cmake/sealing.pc.in"
               "${PROJECT_BINARY_DIR}/sealing.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/sealing.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

# --- SealingConfig.cmake: relocatable below the prefix, absolute above ---
set(SEALING_PKG_SEALINGDIR "${_sealingdir}")
set(SEALING_PKG_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
set(SEALING_PKG_GCC_PLUGIN "${_gcc_plugin}")
set(SEALING_PKG_GCC_SPECS "${_gcc_specs}")
set(SEALING_PKG_GCC_BY_NAME "${_gcc_by_name}")
set(SEALING_PKG_LLVM_PLUGIN "${_llvm_plugin}")
set(SEALING_PKG_LLVM_CFG "${_llvm_cfg}")
set(SEALING_PKG_LOADER "${_loader}")
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
