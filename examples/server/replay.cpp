#include "replay.hpp"

namespace mus_server {

std::string replay(const mus::Rules& rules, int dealer, const std::vector<std::string>& actions,
                   mus::State& out, const ReplayStep& step) {
  const auto start = mus::new_match(rules, dealer);
  if (!start) return "cannot start the match: " + start.error().describe();
  mus::State s = *start;
  mus::Events events;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const auto a = mus::action_from_text(actions[i]);
    if (!a) return "action " + std::to_string(i) + " '" + actions[i] + "': " + a.error().describe();
    const mus::Errc e = mus::apply_in_place(s, *a, &events);
    if (e != mus::Errc::ok)
      return "action " + std::to_string(i) + " '" + actions[i] + "' refused: " +
             std::string(mus::errc_text(e));
    if (step) step(i, *a, events, s);
  }
  out = s;
  return {};
}

std::string record_of(const std::string& comment, const mus::Rules& rules, int dealer,
                      const std::vector<std::string>& actions, mus::MatchRecord& out) {
  std::vector<mus::Action> parsed;
  parsed.reserve(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const auto a = mus::action_from_text(actions[i]);
    if (!a) return "action " + std::to_string(i) + " '" + actions[i] + "': " + a.error().describe();
    parsed.push_back(*a);
  }
  const mus::RecordError e = mus::record_match(rules, dealer, parsed, true, out);
  if (!e.ok()) return e.describe();
  out.comment = comment;
  return {};
}

}  // namespace mus_server
