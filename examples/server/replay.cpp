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

std::string transcript(const std::string& comment, const mus::Rules& rules, int dealer,
                       const std::vector<std::string>& actions, std::string& error) {
  std::string text = "# " + comment + "\n";
  text += "rules " + mus::format_rules(rules) + "\n";
  text += "dealer " + std::to_string(dealer) + "\n";
  mus::State last{};
  const auto start = mus::new_match(rules, dealer);
  if (start) text += "state " + mus::state_to_text(*start) + "\n";
  error = replay(rules, dealer, actions, last,
                 [&](std::size_t, const mus::Action& a, const mus::Events&, const mus::State& s) {
                   text += "action " + mus::action_to_text(a) + "\n";
                   text += "state " + mus::state_to_text(s) + "\n";
                 });
  if (!error.empty()) return {};
  return text;
}

}  // namespace mus_server
