# SPDX-License-Identifier: GPL-3.0-or-later
#
# Included by gcc-plugin/CMakeLists.txt before other-gccs.cmake and
# cross-gccs.cmake, which both build the plugin again for another GCC.
include(ExternalProject)

# _sealing_plugin_subbuild(KEY BIN LABEL INSTALLED_KEY PLUGIN_DIR CMAKE_ARG...):
# this tree built again in BIN with CMAKE_ARGs (another GCC, or a cross
# toolchain), the plugin target only, as target sealing-gcc-plugin-KEY,
# which "cmake --build" builds; "cmake --install" runs the sub-build's
# install of its plugin (DESTDIR passes through the environment).  The
# plugin is recorded as INSTALLED_KEY=its install directory for
# sealing.pc.
function(_sealing_plugin_subbuild key bin label installed_key plugin_dir)
  ExternalProject_Add(sealing-gcc-plugin-${key}
    SOURCE_DIR "${PROJECT_SOURCE_DIR}"
    BINARY_DIR "${bin}"
    PREFIX "${bin}-ep"
    CMAKE_ARGS
      ${ARGN}
      -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
      "-DCMAKE_MODULE_LINKER_FLAGS=${CMAKE_MODULE_LINKER_FLAGS}"
      -DCMAKE_INSTALL_PREFIX=${CMAKE_INSTALL_PREFIX}
      -DSEALING_WERROR=${SEALING_WERROR}
      -DSEALING_WITH_LLVM_PASS=OFF
      -DSEALING_WITH_SEALCTL=OFF
      -DSEALING_GCC_PLUGIN_OTHERS_OFF=ON
    BUILD_COMMAND "${CMAKE_COMMAND}" --build "${bin}" --target sealing-gcc-plugin
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    USES_TERMINAL_BUILD ON)
  set_target_properties(sealing-gcc-plugin-${key} PROPERTIES EXCLUDE_FROM_ALL OFF)
  install(CODE "
    execute_process(COMMAND \"${CMAKE_COMMAND}\" --install \"${bin}\" --component gcc-plugin
                            --prefix \"\${CMAKE_INSTALL_PREFIX}\"
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR \"sealing: installing the plugin for ${label} failed\")
    endif()" COMPONENT gcc-plugin)
  _sealing_plugin_dir_default("${plugin_dir}" d)
  set_property(GLOBAL APPEND PROPERTY SEALING_GCC_PLUGINS_INSTALLED "${installed_key}=${d}")
endfunction()
