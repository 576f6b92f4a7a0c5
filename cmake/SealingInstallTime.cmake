# SPDX-License-Identifier: MIT
#
# Files that name an installed path (sealing.specs, sealing.cfg) must name
# it below the prefix they are installed under, which "cmake --install
# --prefix" sets only at install time.  So they are configured then:
#
#   sealing_install_configured(TEMPLATE DESTINATION NAME VAR FILE [COMPONENT c])
#
# installs TEMPLATE, configured @ONLY, as DESTINATION/NAME (DESTINATION
# relative to the install-time prefix, or absolute), with VAR set to the
# absolute path of DESTINATION/FILE.

function(sealing_install_configured template destination name var file)
  string(MD5 id "${destination}/${name}")
  set(out "${CMAKE_CURRENT_BINARY_DIR}/install-time/${id}/${name}")
  install(CODE "
    set(dir \"${destination}\")
    if(NOT IS_ABSOLUTE \"\${dir}\")
      set(dir \"\${CMAKE_INSTALL_PREFIX}/\${dir}\")
    endif()
    set(${var} \"\${dir}/${file}\")
    configure_file(\"${template}\" \"${out}\" @ONLY)
    file(INSTALL DESTINATION \"\${dir}\" TYPE FILE FILES \"${out}\")
    " ${ARGN})
endfunction()
