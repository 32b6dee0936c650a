// The test runner's main(), used only when the Catch2 package provides no Catch2WithMain
// library (older Catch2 v2 releases). Catch2 v3 always ships one.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
