# ss_layer_uses(<layers file> <prefix>): reads a layers file (rt/layers,
# prof/layers: one line per layer, lowest first, "name: the layers it may
# use", '#' starts a comment) and sets <prefix>_<name> to the layers <name>
# may use, so that each layer's library links exactly those.  The same file
# is what lit/tools/check_layers.py checks the includes against.
function(ss_layer_uses file prefix)
  file(STRINGS ${file} lines)
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "#.*" "" line "${line}")
    string(STRIP "${line}" line)
    if(line STREQUAL "")
      continue()
    endif()
    if(NOT line MATCHES "^([a-z_]+):(.*)$")
      message(FATAL_ERROR "${file}: expected 'layer: layers it may use', not '${line}'")
    endif()
    set(name ${CMAKE_MATCH_1})
    string(STRIP "${CMAKE_MATCH_2}" uses)
    separate_arguments(uses)
    set(${prefix}_${name} ${uses} PARENT_SCOPE)
  endforeach()
  # Configure again when the file changes.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
endfunction()
