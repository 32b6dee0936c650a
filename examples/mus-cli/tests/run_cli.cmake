# Shared by the mus-cli test scripts: run_cli(OUT_VAR ERR_VAR RC_VAR ARG...) runs ${CLI} with
# the arguments (and ${INPUT} as standard input when RUN_INPUT is set), and fails the test when
# anything reaches standard error that looks like a sanitizer report.
function(run_cli out_var err_var rc_var)
  set(input_args)
  if(DEFINED RUN_INPUT)
    set(input_args INPUT_FILE "${RUN_INPUT}")
  endif()
  execute_process(COMMAND "${CLI}" ${ARGN} ${input_args}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(err MATCHES "Sanitizer|runtime error|LeakSanitizer")
    message(FATAL_ERROR "mus-cli ${ARGN}: sanitizer report:\n${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
endfunction()

# expect_match(TEXT REGEX WHAT): fails with WHAT unless TEXT matches REGEX.
function(expect_match text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: no match for '${regex}' in:\n${text}")
  endif()
endfunction()
