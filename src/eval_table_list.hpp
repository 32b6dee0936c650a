// The evaluator's generated tables (include/mus/detail/eval_tables.hpp), each named once: its
// name, the comment above it, the table as the header holds it, and the definition of its
// values (from mus/eval.hpp). Both build tools walk this list: src/eval_tables_gen.cpp writes
// each table from its definition, src/eval_tables.cpp checks that each still equals it.
//
// for_each_eval_table(visit) calls visit(name, comment, generated, definition) for each table
// in the header's order (comment: one line; definition(): computes the table) and returns
// whether every call returned true, stopping at the first false. Not installed: only those two
// files use it.
#ifndef MUS_SRC_EVAL_TABLE_LIST_HPP
#define MUS_SRC_EVAL_TABLE_LIST_HPP

#include <utility>

#include "mus/eval.hpp"

namespace mus::detail {

template <class Visit>
constexpr bool for_each_eval_table(Visit&& visit) {
  using Pairs = std::make_index_sequence<pair_count>;  // every rank pair, one row each
  return visit("eval_table_4",
               "HandEval {grande, chica, pares, value, juego} of each key under 4 kings "
               "(hand_key()).",
               eval_table_4, [] { return make_table<&evaluate_ranks, 4>(Pairs{}); }) &&
         visit("eval_by_weight_8",
               "The same under 8 kings, by weight_key_8() (unused keys hold zeros).",
               eval_by_weight_8, [] { return make_weight_table_8<&evaluate_ranks>(); }) &&
         visit("signal_table_4", "The true signals of each key under 4 kings (bit k: Signal k).",
               signal_table_4, [] { return make_table<&rank_signals, 4>(Pairs{}); }) &&
         visit("signal_by_weight_8", "The same under 8 kings, by weight_key_8().",
               signal_by_weight_8, [] { return make_weight_table_8<&rank_signals>(); });
}

}  // namespace mus::detail

#endif  // MUS_SRC_EVAL_TABLE_LIST_HPP
