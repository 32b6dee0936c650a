// The runner of mus_transcript_tests: Catch2's own main plus one option, --transcripts <dir>,
// the directory of the transcripts to replay (ctest passes tests/transcripts).
#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
namespace clara = Catch::Clara;
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
namespace clara = Catch::clara;
#endif

#include <string>

#include "replay.hpp"

int main(int argc, char* argv[]) {
  Catch::Session session;
  std::string dir;
  session.cli(session.cli() | clara::Opt(dir, "directory")["--transcripts"](
                                  "the directory of the transcripts (with transcripts.list)"));
  if (const int rc = session.applyCommandLine(argc, argv); rc != 0) return rc;
  mus_transcripts::directory() = dir;
  return session.run();
}
