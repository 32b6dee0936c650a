# The test docs.check_selftest: the docs checks fail on each defect they are meant to find. A
# tiny site (one Markdown page and its HTML) passes both checks as it is; then each defect is
# planted alone, and the check must fail naming it.
#   cmake -DWORK=<dir> -P check_selftest.cmake
if(NOT DEFINED WORK)
  message(FATAL_ERROR "check_selftest.cmake: -DWORK=... is required")
endif()
set(_here "${CMAKE_CURRENT_LIST_DIR}")
file(REMOVE_RECURSE "${WORK}")

# A site: page.md (its HTML is index.html, with an anchor "x") and a C snippet it copies.
function(_site dir html_extra md_extra)
  file(MAKE_DIRECTORY "${dir}/html" "${dir}/src")
  file(WRITE "${dir}/page.md" "# Main\n\nText.\n\n<!-- snippet src/a.c one -->\n```c\nint a = 1;\n```\n${md_extra}")
  file(WRITE "${dir}/src/a.c" "int main(void) {\n  /*! [one] */\n  int a = 1;\n  /*! [one] */\n  return a - 1;\n}\n")
  file(WRITE "${dir}/Doxyfile" "INPUT = \"${dir}/page.md\"\n")
  file(WRITE "${dir}/html/libmus.tag"
       "<tagfile>\n  <compound kind=\"page\">\n    <name>index</name>\n    <title>Main</title>\n"
       "    <filename>index.html</filename>\n  </compound>\n</tagfile>\n")
  file(WRITE "${dir}/html/index.html"
       "<html><body>\n<div class=\"title\">Main</div>\n<p id=\"x\">Text, <a href=\"index.html#x\">"
       "here</a> and <a href=\"https://example.org/\">there</a>.</p>\n${html_extra}\n</body></html>\n")
endfunction()

function(_check name expect_failure phrase html_extra md_extra)
  set(_dir "${WORK}/${name}")
  _site("${_dir}" "${html_extra}" "${md_extra}")
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DHTML_DIR=${_dir}/html"
                          "-DTAG_FILE=${_dir}/html/libmus.tag" "-DDOXYFILE=${_dir}/Doxyfile"
                          -P "${_here}/check_html.cmake"
                  RESULT_VARIABLE _rc_html OUTPUT_VARIABLE _out_html ERROR_VARIABLE _out_html)
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DSOURCE_DIR=${_dir}" -DPAGES=page.md
                          -P "${_here}/check_markdown.cmake"
                  RESULT_VARIABLE _rc_md OUTPUT_VARIABLE _out_md ERROR_VARIABLE _out_md)
  set(_out "${_out_html}${_out_md}")
  if(NOT expect_failure)
    if(NOT _rc_html EQUAL 0 OR NOT _rc_md EQUAL 0)
      message(FATAL_ERROR "${name}: the clean site fails the checks:\n${_out}")
    endif()
  elseif(_rc_html EQUAL 0 AND _rc_md EQUAL 0)
    message(FATAL_ERROR "${name}: the checks pass a site with this defect:\n${html_extra}${md_extra}")
  elseif(NOT _out MATCHES "${phrase}")
    message(FATAL_ERROR "${name}: the checks fail without saying '${phrase}':\n${_out}")
  endif()
  message(STATUS "${name}: ok")
endfunction()

_check(clean FALSE "" "" "")
_check(backtick_in_link TRUE "a backtick printed as text"
       "<p><a class=\"el\" href=\"index.html\">`docs/rules.md`</a></p>" "")
_check(link_to_missing_file TRUE "a link to a file the site does not have: include/mus/mus.h"
       "<p><a href=\"include/mus/mus.h\">include/mus/mus.h</a></p>" "")
_check(link_to_missing_anchor TRUE "a link to an anchor index.html does not have"
       "<p><a href=\"index.html#size-and-speed\">size</a></p>" "")
_check(loopback_link TRUE "a link to a loopback address: http://127.0.0.1:PORT"
       "<p><code><a href=\"http://127.0.0.1:PORT\">http://127.0.0.1:PORT</a></code></p>" "")
_check(empty_header_cell TRUE "a table header cell left empty"
       "<table class=\"markdownTable\">\n<tr class=\"markdownTableHead\">\n<th class=\"markdownTableHeadNone\">field</th><th class=\"markdownTableHeadNone\"></th></tr>\n</table>" "")
_check(table_row_as_text TRUE "a table row printed as text" "<p>| a | b |</p>" "")
_check(snippet_command TRUE "shows as a command, not as code" "" "\n\\snippet a.c one\n")
_check(example_command TRUE "shows as a command, not as code" "" "\n\\example a.c\n")
_check(image_command TRUE "shows as a command, not as code" ""
       "\n\\image html table.svg \"The table\"\n")
_check(copy_drifted TRUE "the code differs from src/a.c \\[one\\]" ""
       "\n<!-- snippet src/a.c one -->\n```c\nint a = 2;\n```\n")
_check(copy_of_missing_region TRUE "src/a.c has no region \\[two\\]" ""
       "\n<!-- snippet src/a.c two -->\n```c\nint a = 1;\n```\n")
message(STATUS "the docs checks pass a clean site and fail on each planted defect")
