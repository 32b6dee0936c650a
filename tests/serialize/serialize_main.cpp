// The runner's main(), compiled only when the Catch2 package has no Catch2WithMain library
// (older Catch2 v2 releases; v3 and Debian 12's 2.13 always ship one).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
