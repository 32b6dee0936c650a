// The reducer allocates nothing: a counting global operator new around random play shows
// zero heap allocations in apply(), apply_in_place() and legal_actions() (issue: "no heap
// allocation in apply or in listing legal actions"). Its own program, because replacing the
// global operator new affects everything linked with it.
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
        g_counting = false;
        mus::Action a = legal.items[next() % legal.size];
        // Listed actions are concrete since action ids (a discard names its cards, and with
        // zero_discard may name none): apply them as listed, with a seed for a shuffle.
        if (a.kind == mus::ActionKind::shuffle) a.seed = next();
        g_counting = true;
        const auto pure = mus::apply(s, a, &events);  // the pure form, with events
        const mus::Errc e = mus::apply_in_place(s, a);
        g_counting = false;
        if (!pure.ok() || e != mus::Errc::ok || !(*pure == s)) {
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
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
