# The test repo.gitignore: what the README's commands create in the source tree is ignored by
# git, so that `git status` after the first hour shows only a person's own changes: the
# Python quick start's venv (.venv/), the database scripts/serve.sh keeps in the directory it
# runs from (mus.sqlite3 and its -wal and -shm files), and the build directories.
#   cmake -DSOURCE_DIR=<repository root> -P gitignore_check.cmake
# Registered only in a git work tree (not from a source tarball), with git found.
find_program(_git git REQUIRED)
set(_missing "")
foreach(_path IN ITEMS .venv/bin/python mus.sqlite3 mus.sqlite3-wal mus.sqlite3-shm
                       build/CMakeCache.txt build-release/CMakeCache.txt build-docs/docs
                       build-js/capi/js/package)
  execute_process(COMMAND "${_git}" -C "${SOURCE_DIR}" check-ignore -q --no-index "${_path}"
                  RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    string(APPEND _missing " ${_path}")
  endif()
endforeach()
if(NOT _missing STREQUAL "")
  message(FATAL_ERROR ".gitignore does not ignore what the README's commands create:${_missing}")
endif()
message(STATUS ".gitignore ignores the venv, the server's database and the build directories")
