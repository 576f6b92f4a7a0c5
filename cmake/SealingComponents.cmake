# SPDX-License-Identifier: MIT
#
# Every component decides for itself whether its dependencies are present
# and records the verdict here, so configure ends with one table that says
# what will be built and, for what will not, why and how to get it.

set_property(GLOBAL PROPERTY SEALING_COMPONENTS "")

# sealing_component(NAME BUILT|SKIPPED "reason or what it builds")
function(sealing_component name state detail)
  # Rows are stored in a CMake list: keep list and field separators out.
  string(REPLACE ";" ", " detail "${detail}")
  string(REPLACE "|" "/" detail "${detail}")
  set_property(GLOBAL APPEND PROPERTY SEALING_COMPONENTS "${name}|${state}|${detail}")
  if(state STREQUAL "BUILT")
    set_property(GLOBAL PROPERTY SEALING_HAVE_${name} ON)
  else()
    set_property(GLOBAL PROPERTY SEALING_HAVE_${name} OFF)
  endif()
endfunction()

function(sealing_component_summary)
  get_property(rows GLOBAL PROPERTY SEALING_COMPONENTS)
  message(STATUS "")
  message(STATUS "sealing components:")
  foreach(row IN LISTS rows)
    string(REPLACE "|" ";" f "${row}")
    list(GET f 0 name)
    list(GET f 1 state)
    list(GET f 2 detail)
    if(state STREQUAL "BUILT")
      message(STATUS "  ${name}: built (${detail})")
    else()
      message(STATUS "  ${name}: SKIPPED: ${detail}")
    endif()
  endforeach()
  message(STATUS "")
endfunction()
