// The printer: turns the reducer's events into text a Mus player can follow. `watch`, `replay`
// and `play` all print through it, so a replayed record reads exactly like the match did.
#ifndef MUS_CLI_PRINTER_HPP
#define MUS_CLI_PRINTER_HPP

#include <array>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "mus/mus.hpp"
#include "observer.hpp"

namespace muscli {

/// How much the printer shows.
struct PrintOptions {
  int viewer = -1;     ///< -1: every seat's cards (watch); else only this seat's until the count.
  bool quiet = false;  ///< Only each hand's result and the final result.
};

class Printer final : public Observer {
 public:
  Printer(std::ostream& out, PrintOptions options) : out_(out), opt_(options) {}

  void on_begin(const mus::State& initial) override;
  void on_step(const mus::State& before, const mus::Action& action, const mus::Events& events,
               const mus::State& after) override;
  void on_end(const mus::State& last, bool finished) override;

  /// Finishes any line being built (call before printing something else to the same stream).
  void flush();

  /// "you", "seat 2", as this printer names seats.
  std::string label(int seat) const;
  /// "seat 2 draws" or "you draw": the seat's name and the verb that agrees with it.
  std::string says(int seat, std::string_view verb, std::string_view you_verb) const;

 private:
  enum class Group : std::uint8_t { none, mus, discard, declare, betting };

  void event(const mus::State& before, const mus::Action& action, const mus::Event& e,
             const mus::State& after);
  void deal(const mus::Event& e, const mus::State& after);
  void replace(const mus::Event& e, const mus::State& before, const mus::State& after);
  void showdown(const mus::Event& e, int mano);
  void hand_end(const mus::State& after, bool vaca);
  void count(const mus::HandSummary& h);
  void score_line(const std::array<std::int16_t, 2>& score);
  std::string count_reason(const mus::LanceRecord& r) const;
  void item(Group g, const std::string& prefix, const std::string& text);
  void line(const std::string& text);
  bool visible(int seat) const { return opt_.viewer < 0 || opt_.viewer == seat; }
  std::string hand_line(int seat, bool show) const;

  std::ostream& out_;
  PrintOptions opt_;
  mus::Rules rules_{};
  std::string pending_;                   // the line being built
  Group group_ = Group::none;             // what it holds
  int items_ = 0;                         // items in it
  std::array<std::uint8_t, 16> hands_{};  // the last complete hands seen (for the deal lines)
  // The last hand's showdown as every seat's view holds it (R28a): what the count and an
  // accepted órdago print, so no hidden card is read from the state.
  std::array<std::uint8_t, 16> shown_ = mus::no_shown_cards;
  int game_ = 1;                // number of the game being played
  std::array<int, 2> games_{};  // games won in the current vaca
  std::array<int, 2> vacas_{};  // vacas won
  int agreed_ = -1;             // R25a: the seat that just agreed, told with the answer
  std::uint32_t hands_played_ = 0;
};

}  // namespace muscli

#endif  // MUS_CLI_PRINTER_HPP
