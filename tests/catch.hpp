// Catch2 compatibility: the suite builds with Catch2 v3 (split headers) and v2 (one header,
// e.g. Debian 12's catch2 2.13). Test files include this instead of a Catch2 header.
#ifndef MUS_TESTS_CATCH_HPP
#define MUS_TESTS_CATCH_HPP

#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_message.hpp>
#include <catch2/catch_test_macros.hpp>
#elif __has_include(<catch2/catch.hpp>)
#include <catch2/catch.hpp>
#else
#error "Catch2 (v2 or v3) is required to build the tests"
#endif

#endif  // MUS_TESTS_CATCH_HPP
