/**
 * @file mus.hpp
 * @brief The whole C++ API of libmus in one include.
 */
#ifndef MUS_MUS_HPP
#define MUS_MUS_HPP

#include "mus/cards.hpp"
#include "mus/error.hpp"
#include "mus/eval.hpp"
#include "mus/match.hpp"
#include "mus/observation.hpp"
#include "mus/rules.hpp"
#include "mus/serialize.hpp"
#include "mus/bots.hpp"
#include "mus/record.hpp"
#include "mus/tips.hpp"

/// Everything in libmus's C++ API.
namespace mus {}

#endif  // MUS_MUS_HPP
