// The reducer allocates nothing: a counting global operator new around random play shows
// zero heap allocations in apply(), apply_in_place(), legal_actions(), legal_action_mask(),
// action_id() and apply_id_in_place() (issue: "no heap allocation in apply or in listing legal
// actions"), nor do the bots in bot_choose(), bot_evaluate() and playouts(), nor does the state
// behind a seat's view (state_from_view(), canonical and drawn, which bot_view() and the
// search's deals use). Its own program, because replacing the global operator new affects
// everything linked with it.
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "mus/mus.hpp"

// The replacements below pair malloc with free on purpose; GCC cannot see that both sides
// are replaced together.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {
long g_allocations = 0;
bool g_counting = false;
}  // namespace

void* operator new(std::size_t n) {
  if (g_counting) ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

int main() {
  int failed = 0;
  int passed = 0;
  // The counter itself must work, or a zero below would prove nothing.
  g_counting = true;
  delete new int(7);  // NOLINT: the check of the check
  g_counting = false;
  if (g_allocations == 1) {
    ++passed;
  } else {
    ++failed;
    std::printf("the allocation counter does not count (%ld)\n", g_allocations);
  }
  g_allocations = 0;

  std::uint64_t rng = 12345;
  const auto next = [&rng]() {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
  };
  long steps = 0;
  for (const char* text :
       {"standard", "basque", "online", "standard tio_perete=1 zero_discard=1 royal31=jack777"}) {
    const mus::Rules rules = *mus::parse_rules(text);
    for (int m = 0; m < 50; ++m) {
      mus::State s = *mus::new_match(rules, m % 4);
      mus::Events events;
      while (s.phase != mus::Phase::match_over) {
        g_counting = true;
        const mus::ActionList legal = mus::legal_actions(s);
        const std::uint64_t mask = mus::legal_action_mask(s);
        g_counting = false;
        mus::Action a = legal.items[next() % legal.size];  // concrete: only chance is filled in
        if (a.kind == mus::ActionKind::shuffle) a.seed = next();
        if (static_cast<std::size_t>(std::popcount(mask)) != legal.size) {
          ++failed;
          std::printf("the legal mask and the list disagree\n");
          break;
        }
        g_counting = true;
        const auto pure = mus::apply(s, a, &events);  // the pure form, with events
        mus::State by_id = s;
        const mus::Errc e_id = mus::apply_id_in_place(by_id, mus::action_id(s, a).value(), a.seed);
        const mus::Errc e = mus::apply_in_place(s, a);
        g_counting = false;
        if (!pure.ok() || e != mus::Errc::ok || !(*pure == s) || e_id != mus::Errc::ok ||
            !(by_id == s)) {
          ++failed;
          std::printf("a listed action failed or the two forms disagree\n");
          break;
        }
        ++steps;
      }
    }
  }
  if (g_allocations == 0 && steps > 1000) {
    ++passed;
  } else {
    ++failed;
    std::printf("%ld heap allocations in %ld steps\n", g_allocations, steps);
  }
  std::printf("sizeof(mus::State) = %zu bytes, %ld steps without allocating\n", sizeof(mus::State),
              steps);

  // The bots allocate nothing either: their decisions (the first one building the heuristic's
  // tables), the search bot's estimates and playouts, and every style of the opponent pool.
  g_allocations = 0;
  long decisions = 0;
  for (const mus::BotKind kind : mus::bot_kinds) {
    const bool searches = kind == mus::BotKind::search || kind == mus::BotKind::exploiter;
    const mus::BotConfig c{kind, searches ? 48 : 0, 0};
    for (int m = 0; m < 3; ++m) {
      mus::State s = *mus::new_match(mus::online_rules(), m);
      while (s.phase != mus::Phase::match_over) {
        if (s.phase == mus::Phase::shuffle) {
          (void)mus::apply_in_place(s, mus::Action::shuffle_seed(next()));
          continue;
        }
        g_counting = true;
        const auto a = mus::bot_choose(s, s.to_act, c, next());
        if (searches && s.phase == mus::Phase::betting)
          (void)mus::bot_evaluate(mus::bot_view(s, s.to_act), c, next());
        const mus::SeatView view = mus::view_of(s, (s.to_act + 1) % 4);
        const bool behind = mus::state_from_view(s.rules, view).ok() &&
                            mus::state_from_view(s.rules, view, next()).ok();
        g_counting = false;
        if (!behind) {
          ++failed;
          std::printf("no state behind a view of a real state\n");
          break;
        }
        if (!a.ok() || mus::apply_in_place(s, *a) != mus::Errc::ok) {
          ++failed;
          std::printf("a bot's choice was refused\n");
          break;
        }
        ++decisions;
      }
    }
    std::int32_t points[8];
    const mus::State fresh = *mus::new_match(mus::standard_rules(), 0);
    g_counting = true;
    const mus::Errc e = mus::playouts(fresh, c, next(), 0, 4, mus::PlayoutScope::hand, points);
    g_counting = false;
    if (e != mus::Errc::ok) {
      ++failed;
      std::printf("playouts failed\n");
    }
  }
  if (g_allocations == 0 && decisions > 300) {
    ++passed;
  } else {
    ++failed;
    std::printf("%ld heap allocations in %ld bot decisions\n", g_allocations, decisions);
  }
  std::printf("%ld bot decisions without allocating\n", decisions);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
