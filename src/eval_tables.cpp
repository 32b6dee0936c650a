// The evaluator's tables, include/mus/detail/eval_tables.hpp, are literal data generated from
// the definitions in include/mus/eval.hpp (evaluate_ranks() and rank_signals(), tabled by
// make_table() and make_weight_table_8()). This file checks, at compile time and once per build
// of the library, that the data equal what the definitions give now. When a definition
// changes, the build stops here until the tables are generated again:
//   cmake --build <build directory> --target eval_tables_generate
#include <utility>

#include "mus/eval.hpp"

namespace mus::detail {

static_assert(rank8_weights_unique(), "8-kings weights must give every rank multiset its own key");

static_assert(eval_table_4 ==
                  make_table<&evaluate_ranks, 4>(std::make_index_sequence<pair_count>{}),
              "eval_table_4 is stale: build the target eval_tables_generate");
static_assert(eval_by_weight_8 == make_weight_table_8<&evaluate_ranks>(),
              "eval_by_weight_8 is stale: build the target eval_tables_generate");
static_assert(signal_table_4 ==
                  make_table<&rank_signals, 4>(std::make_index_sequence<pair_count>{}),
              "signal_table_4 is stale: build the target eval_tables_generate");
static_assert(signal_by_weight_8 == make_weight_table_8<&rank_signals>(),
              "signal_by_weight_8 is stale: build the target eval_tables_generate");

}  // namespace mus::detail
