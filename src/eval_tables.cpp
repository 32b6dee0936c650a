// The evaluator's tables, include/mus/detail/eval_tables.hpp, are literal data generated from
// the definitions in include/mus/eval.hpp (evaluate_ranks() and rank_signals(), tabled by
// make_table() and make_weight_table_8()); src/eval_table_list.hpp names each table and its
// definition. This file checks, at compile time and once per build of the library, that the
// data equal what the definitions give now. When a definition changes, the build stops here,
// naming the stale table, until the tables are generated again:
//   cmake --build <build directory> --target eval_tables_generate
#include "eval_table_list.hpp"

namespace mus::detail {
namespace {

// Never called at run time: reaching it in the constant evaluation below is the compile error,
// and the compilers print the table's name among the call's arguments.
void stale_table_build_target_eval_tables_generate(const char* /*table*/) {}

}  // namespace

static_assert(rank8_weights_unique(), "8-kings weights must give every rank multiset its own key");

static_assert(for_each_eval_table([](const char* name, const char* /*comment*/,
                                     const auto& generated, auto definition) {
                if (generated != definition()) stale_table_build_target_eval_tables_generate(name);
                return true;
              }),
              "mus/detail/eval_tables.hpp is stale: build the target eval_tables_generate");

}  // namespace mus::detail
