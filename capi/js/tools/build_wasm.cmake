# Makes the WebAssembly build of libmus (capi/js/CMakeLists.txt, Emscripten branch) in BINARY_DIR:
# configures the whole project with emcmake (library and C API only) and builds the two modules.
#   cmake -DSOURCE_DIR=<repo> -DBINARY_DIR=<dir> -DEMCMAKE=<emcmake> [-DNODE_PATH=<dir>] -P build_wasm.cmake
# emcc's JS optimizer runs under node and needs Debian's node-acorn, installed under
# /usr/share/nodejs, which node does not search by itself: NODE_PATH points there (an -O2/-Os link
# fails with "Cannot find module 'acorn'" otherwise).
foreach(_var IN ITEMS SOURCE_DIR BINARY_DIR EMCMAKE)
  if(NOT ${_var})
    message(FATAL_ERROR "build_wasm.cmake: ${_var} is not set")
  endif()
endforeach()
if(NOT NODE_PATH)
  set(NODE_PATH "/usr/share/nodejs")
endif()
set(_env ${CMAKE_COMMAND} -E env "NODE_PATH=${NODE_PATH}")

execute_process(
  COMMAND ${_env} ${EMCMAKE} ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${BINARY_DIR}"
          -DCMAKE_BUILD_TYPE=Release -DMUS_BUILD_TESTS=OFF -DMUS_BUILD_EXAMPLES=OFF
          -DMUS_BUILD_BENCH=OFF -DMUS_BUILD_DOCS=OFF -DMUS_INSTALL=OFF
          -DMUS_WARNINGS_AS_ERRORS=ON
  RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "emcmake configure failed (${_rc})")
endif()
execute_process(
  COMMAND ${_env} ${CMAKE_COMMAND} --build "${BINARY_DIR}" --target mus_wasm_web mus_wasm_node
          --parallel 2
  RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "WebAssembly build failed (${_rc})")
endif()
