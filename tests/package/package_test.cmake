# Runs one package test (cmake -P): builds the consumers against libmus and runs them.
#   -DMODE=install|pkg_config|build_tree|add_subdirectory  how the consumers find libmus
#   -DCONFIG=<config>    the configuration of the libmus build
#   -DSETTINGS=<file>    package_settings.cmake from the build tree
# Everything happens under <build>/tests/package/work/<MODE>, wiped at the start.
# package.pkg_config uses the tree that package.install left (a ctest fixture orders them).
cmake_minimum_required(VERSION 3.25)

include("${SETTINGS}")
if(NOT CONFIG)
  set(CONFIG Release)
endif()
set(work "${MUS_PACKAGE_WORK_DIR}/${MODE}")
file(REMOVE_RECURSE "${work}")
file(MAKE_DIRECTORY "${work}")

# Runs a command; stops the test with its output when it fails.
function(mus_run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REPLACE ";" " " cmd "${ARGN}")
  message("$ ${cmd}\n${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "command failed (${rc}): ${cmd}")
  endif()
endfunction()

# The way the libmus build was configured, handed on to every consumer build.
set(configure_args -G "${MUS_GENERATOR}"
    "-DCMAKE_C_COMPILER=${MUS_C_COMPILER}" "-DCMAKE_CXX_COMPILER=${MUS_CXX_COMPILER}"
    "-DCMAKE_C_FLAGS=${MUS_C_FLAGS}" "-DCMAKE_CXX_FLAGS=${MUS_CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${MUS_EXE_LINKER_FLAGS}"
    "-DCMAKE_SHARED_LINKER_FLAGS=${MUS_SHARED_LINKER_FLAGS}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(MUS_GENERATOR_PLATFORM)
  list(APPEND configure_args -A "${MUS_GENERATOR_PLATFORM}")
endif()
if(MUS_GENERATOR_TOOLSET)
  list(APPEND configure_args -T "${MUS_GENERATOR_TOOLSET}")
endif()
if(MUS_MAKE_PROGRAM)
  list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MUS_MAKE_PROGRAM}")
endif()
if(NOT MUS_MULTI_CONFIG)
  list(APPEND configure_args "-DCMAKE_BUILD_TYPE=${CONFIG}")
endif()

# Configures and builds the project in `source` into `binary` with extra cache arguments.
function(mus_build source binary)
  mus_run("${CMAKE_COMMAND}" -S "${source}" -B "${binary}" ${configure_args} ${ARGN})
  mus_run("${CMAKE_COMMAND}" --build "${binary}" --config "${CONFIG}" --parallel 2)
endfunction()

# Runs a program built by mus_build; it must exit with 0.
function(mus_run_program binary name)
  set(program "${binary}/${name}")
  if(MUS_MULTI_CONFIG)
    set(program "${binary}/${CONFIG}/${name}")
  endif()
  mus_run("${program}")
endfunction()

# Checks that a consumer's find_package(mus) found the package in `expected_dir`.
function(mus_expect_package_dir binary expected_dir)
  load_cache("${binary}" READ_WITH_PREFIX found_ mus_DIR)
  file(REAL_PATH "${found_mus_DIR}" found)
  file(REAL_PATH "${expected_dir}" expected)
  if(NOT found STREQUAL expected)
    message(FATAL_ERROR "find_package(mus) used ${found_mus_DIR}, expected ${expected_dir}")
  endif()
endfunction()

# Installs the libmus build into `prefix` and checks the files a user of it relies on.
function(mus_install prefix)
  mus_run("${CMAKE_COMMAND}" --install "${MUS_BINARY_DIR}" --prefix "${prefix}"
          --config "${CONFIG}")
  set(lib "${prefix}/${MUS_LIBDIR}")
  file(GLOB shared_libs "${lib}/libmus.so*" "${lib}/libmus.dylib" "${prefix}/bin/mus.dll")
  if(NOT shared_libs)
    message(FATAL_ERROR "no shared C library (libmus) was installed in ${lib}")
  endif()
  foreach(file IN ITEMS "${MUS_INCLUDEDIR}/mus/mus.h" "${MUS_INCLUDEDIR}/mus/mus.hpp"
                        "${MUS_CMAKE_DIR}/musConfig.cmake"
                        "${MUS_CMAKE_DIR}/musConfigVersion.cmake"
                        "${MUS_CMAKE_DIR}/musTargets.cmake"
                        "${MUS_PKGCONFIG_DIR}/mus.pc" "${MUS_PKGCONFIG_DIR}/mus-cpp.pc")
    if(NOT EXISTS "${prefix}/${file}")
      message(FATAL_ERROR "not installed: ${file}")
    endif()
  endforeach()
  file(GLOB static_libs "${lib}/libmus_cpp.a" "${lib}/mus_cpp.lib")
  if(NOT static_libs)
    message(FATAL_ERROR "no static C++ library (mus_cpp) was installed in ${lib}")
  endif()
endfunction()

# Compiles one consumer source with the flags pkg-config gives for `module`.
function(mus_pkg_config_build module compiler flags std source output)
  execute_process(COMMAND "${MUS_PKG_CONFIG}" --cflags --libs ${module}
                  OUTPUT_VARIABLE pc_flags OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config --cflags --libs ${module} failed")
  endif()
  message("pkg-config --cflags --libs ${module}: ${pc_flags}")
  separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
  separate_arguments(build_flags UNIX_COMMAND "${flags}")
  separate_arguments(link_flags UNIX_COMMAND "${MUS_EXE_LINKER_FLAGS}")
  mus_run("${compiler}" ${build_flags} ${std} -Wall -Wextra -Wpedantic -Werror
          "${source}" ${pc_flags} ${link_flags} -o "${output}")
endfunction()

# package.install installs here; package.pkg_config, which runs after it, uses the same tree.
set(prefix "${MUS_PACKAGE_WORK_DIR}/install/prefix")
if(MODE STREQUAL "install")
  mus_install("${prefix}")
  foreach(consumer IN ITEMS consumer_cpp consumer_c)
    mus_build("${MUS_PACKAGE_SOURCE_DIR}/${consumer}" "${work}/${consumer}"
              "-DCMAKE_PREFIX_PATH=${prefix}")
    mus_expect_package_dir("${work}/${consumer}" "${prefix}/${MUS_CMAKE_DIR}")
    mus_run_program("${work}/${consumer}" ${consumer})
  endforeach()

  # musConfigVersion.cmake: this major version is accepted, the next one is not.
  string(REGEX MATCH "^[0-9]+" major "${MUS_VERSION}")
  math(EXPR next_major "${major} + 1")
  foreach(request IN ITEMS "${MUS_VERSION};1" "${major};1" "${next_major}.0;0")
    list(GET request 0 version)
    list(GET request 1 expect_found)
    mus_run("${CMAKE_COMMAND}" -S "${MUS_PACKAGE_SOURCE_DIR}/version_check"
            -B "${work}/version_check_${version}" -G "${MUS_GENERATOR}"
            "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
            "-DMUS_REQUESTED_VERSION=${version}" "-DMUS_EXPECT_FOUND=${expect_found}")
  endforeach()

elseif(MODE STREQUAL "pkg_config")
  # pkg-config: mus (the C library) and mus-cpp (the C++ library), from the scratch prefix.
  if(NOT EXISTS "${prefix}/${MUS_PKGCONFIG_DIR}/mus.pc")
    message(FATAL_ERROR "${prefix} holds no install: package.pkg_config needs package.install")
  endif()
  set(ENV{PKG_CONFIG_PATH} "${prefix}/${MUS_PKGCONFIG_DIR}")
  foreach(module IN ITEMS mus mus-cpp)
    execute_process(COMMAND "${MUS_PKG_CONFIG}" --modversion ${module}
                    OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0 OR NOT version STREQUAL MUS_VERSION)
      message(FATAL_ERROR "pkg-config --modversion ${module}: '${version}' (${rc}), "
                          "expected ${MUS_VERSION}")
    endif()
  endforeach()
  mus_pkg_config_build(mus "${MUS_C_COMPILER}" "${MUS_C_FLAGS}" -std=c99
                       "${MUS_PACKAGE_SOURCE_DIR}/consumer_c/main.c" "${work}/pc_consumer_c")
  mus_pkg_config_build(mus-cpp "${MUS_CXX_COMPILER}" "${MUS_CXX_FLAGS}" -std=c++20
                       "${MUS_PACKAGE_SOURCE_DIR}/consumer_cpp/main.cpp" "${work}/pc_consumer_cpp")
  # Plain -lmus records no run path: the loader finds libmus.so through LD_LIBRARY_PATH.
  mus_run("${CMAKE_COMMAND}" -E env "LD_LIBRARY_PATH=${prefix}/${MUS_LIBDIR}"
          "${work}/pc_consumer_c")
  mus_run("${work}/pc_consumer_cpp")

elseif(MODE STREQUAL "build_tree")
  foreach(consumer IN ITEMS consumer_cpp consumer_c)
    mus_build("${MUS_PACKAGE_SOURCE_DIR}/${consumer}" "${work}/${consumer}"
              "-Dmus_DIR=${MUS_BINARY_DIR}")
    mus_expect_package_dir("${work}/${consumer}" "${MUS_BINARY_DIR}")
    mus_run_program("${work}/${consumer}" ${consumer})
  endforeach()

elseif(MODE STREQUAL "add_subdirectory")
  mus_build("${MUS_PACKAGE_SOURCE_DIR}/consumer_subdir" "${work}/consumer_subdir"
            "-DMUS_SOURCE_DIR=${MUS_SOURCE_DIR}")
  foreach(consumer IN ITEMS consumer_cpp consumer_c)
    mus_run_program("${work}/consumer_subdir" ${consumer})
  endforeach()

else()
  message(FATAL_ERROR "unknown MODE '${MODE}' (install, pkg_config, build_tree, add_subdirectory)")
endif()

message("package.${MODE}: passed")
