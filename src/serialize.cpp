// Text forms of actions, states and seat views (include/mus/serialize.hpp): the action line,
// and the versioned base64url forms of states and views. Parsers never allocate and never
// throw; every error names the byte position it was found at.
#include "mus/serialize.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

#include "mus/cards.hpp"
#include "mus/eval.hpp"
#include "reducer.hpp"

namespace mus {
namespace {

using std::size_t;

constexpr std::int32_t pos_of(size_t p) noexcept {
  constexpr auto max = static_cast<size_t>(std::numeric_limits<std::int32_t>::max());
  return static_cast<std::int32_t>(p < max ? p : max);
}

constexpr Error parse_error(std::string_view message, size_t position) noexcept {
  return Error{Errc::parse, message, pos_of(position)};
}

static_assert(state_text_tag == "mus-state/2" && state_magic == 0x4D555302,
              "the state text's version names the State layout: change both together");

// --- base64url (RFC 4648 §5, no padding) -----------------------------------------------------

constexpr std::string_view alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

constexpr int sextet(char c) noexcept {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

void encode(const std::uint8_t* in, size_t n, std::string& out) {
  size_t i = 0;
  for (; i + 3 <= n; i += 3) {
    const std::uint32_t v =
        (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8) | std::uint32_t{in[i + 2]};
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += alphabet[(v >> 6) & 63];
    out += alphabet[v & 63];
  }
  if (n - i == 1) {
    const std::uint32_t v = std::uint32_t{in[i]} << 16;
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
  } else if (n - i == 2) {
    const std::uint32_t v = (std::uint32_t{in[i]} << 16) | (std::uint32_t{in[i + 1]} << 8);
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += alphabet[(v >> 6) & 63];
  }
}

// Decodes exactly base64url_length(n) characters of `text` from `start` into out[0..n).
// The caller has checked the length; errors carry positions in the whole text.
Error decode(std::string_view text, size_t start, std::uint8_t* out, size_t n) noexcept {
  const size_t chars = base64url_length(n);
  for (size_t i = 0; i < chars; ++i)
    if (sextet(text[start + i]) < 0)
      return parse_error("not a base64url character (expected A-Z a-z 0-9 - _)", start + i);
  size_t o = 0;
  size_t c = start;
  std::uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < chars; ++i) {
    acc = (acc << 6) | static_cast<std::uint32_t>(sextet(text[c++]));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = static_cast<std::uint8_t>(acc >> bits);
      acc &= (1U << bits) - 1;
    }
  }
  if (acc != 0)  // the unused low bits of the last character
    return parse_error("last character has unused bits set (not the canonical encoding)",
                       start + chars - 1);
  return {};
}

// "TAG <payload>": checks the tag and the length, then decodes the payload.
Error read_tagged(std::string_view text, std::string_view tag, std::uint8_t* out,
                  size_t n) noexcept {
  const size_t space = text.find(' ');
  const std::string_view word = text.substr(0, space);
  if (word != tag) return parse_error("unknown format or version", 0);
  const size_t start = tag.size() + 1;
  const size_t chars = base64url_length(n);
  if (space == std::string_view::npos || text.size() < start + chars)
    return parse_error("truncated text (too few base64url characters)", text.size());
  if (text.size() > start + chars)
    return parse_error("text too long (characters after the encoded bytes)", start + chars);
  return decode(text, start, out, n);
}

std::string write_tagged(std::string_view tag, const std::uint8_t* bytes, size_t n) {
  std::string out;
  out.reserve(tag.size() + 1 + base64url_length(n));
  out.append(tag);
  out += ' ';
  encode(bytes, n, out);
  return out;
}

// --- the action line -------------------------------------------------------------------------

constexpr std::uint64_t deck_mask = (std::uint64_t{1} << deck_size) - 1;

void append_card(std::string& out, int id) {
  const auto l = card_letters(Card::from_id_unchecked(static_cast<std::uint8_t>(id)));
  out.append(l.data(), l.size());
}

// True when the line form can say this action (see action_to_text() in the header).
bool expressible(const Action& a) noexcept {
  const int kind = static_cast<int>(a.kind);
  if (kind < 1 || kind >= action_kind_end) return false;
  if (a.kind == ActionKind::shuffle) {
    if (a.seat != -1 || a.amount < 0 || a.amount > deck_size) return false;
    std::uint64_t seen = 0;
    for (int i = 0; i < a.amount; ++i) {
      const std::uint8_t id = a.order[static_cast<size_t>(i)];
      if (id >= deck_size || ((seen >> id) & 1U) != 0) return false;
      seen |= std::uint64_t{1} << id;
    }
    return true;
  }
  if (a.seat < 0 || a.seat >= seats) return false;
  if (a.kind == ActionKind::discard) return (a.cards & ~deck_mask) == 0;
  if (a.kind == ActionKind::signal) return a.amount >= 0 && a.amount < signal_count;
  return true;
}

// A cursor over one line: words separated by single spaces.
struct Line {
  std::string_view text;
  size_t pos = 0;

  [[nodiscard]] bool at_end() const noexcept { return pos >= text.size(); }
  // The next word (possibly empty when two spaces follow each other), and where it starts.
  std::string_view word(size_t& start) noexcept {
    start = pos;
    size_t e = pos;
    while (e < text.size() && text[e] != ' ') ++e;
    const std::string_view w = text.substr(pos, e - pos);
    pos = e < text.size() ? e + 1 : e;  // past the separating space
    return w;
  }
  // True when a space was the last thing consumed and nothing follows it.
  [[nodiscard]] bool dangling_space() const noexcept {
    return pos == text.size() && pos > 0 && text[pos - 1] == ' ';
  }
};

// Decimal digits only; false on anything else, an empty word or overflow past `max`.
bool read_unsigned(std::string_view w, std::uint64_t max, std::uint64_t& out) noexcept {
  if (w.empty()) return false;
  std::uint64_t v = 0;
  for (const char c : w) {
    if (c < '0' || c > '9') return false;
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (max - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

// The rest of the line as distinct cards; `mask` and, if `order` is not null, the order.
Error read_cards(Line& line, std::uint64_t& mask, std::uint8_t* order, int& n) noexcept {
  mask = 0;
  n = 0;
  while (!line.at_end()) {
    size_t at = 0;
    const std::string_view w = line.word(at);
    if (w.empty()) return parse_error("expected a card (words are separated by one space)", at);
    const auto c = detail::parse_card_at(line.text.substr(0, at + w.size()), at);
    if (!c) return c.error();
    if (w.size() != 2) return parse_error("stray text after card", at + 2);
    const std::uint64_t bit = std::uint64_t{1} << c->id();
    if ((mask & bit) != 0) return parse_error("the same card twice", at);
    mask |= bit;
    if (order != nullptr) order[n] = static_cast<std::uint8_t>(c->id());
    ++n;
  }
  if (line.dangling_space()) return parse_error("expected a card after the space", line.pos);
  return {};
}

constexpr std::string_view verbs_expected =
    "unknown action (expected mus, cut, discard, pass, bet, ordago, accept, reject, signal or "
    "perete)";

// --- fixed-layout bytes of a seat view -------------------------------------------------------

struct Writer {
  std::array<std::uint8_t, view_text_bytes> bytes{};
  size_t pos = 0;
  void u8(unsigned v) noexcept { bytes[pos++] = static_cast<std::uint8_t>(v); }
  void i8(int v) noexcept { u8(static_cast<unsigned>(v) & 0xFFU); }
  void u16(unsigned v) noexcept {
    u8(v & 0xFFU);
    u8((v >> 8) & 0xFFU);
  }
  void i16(int v) noexcept { u16(static_cast<unsigned>(v) & 0xFFFFU); }
  void u32(std::uint32_t v) noexcept {
    u16(v & 0xFFFFU);
    u16(v >> 16);
  }
  void record(const LanceRecord& r) noexcept {
    u8(static_cast<unsigned>(r.lance));
    u8(static_cast<unsigned>(r.status));
    i8(r.bet_team);
    i8(r.winner_team);
    i8(r.winner_seat);
    u8(r.tantos);
    u8(r.counted);
    u16(r.stake);
    u16(r.points);
  }
};

struct Reader {
  const std::array<std::uint8_t, view_text_bytes>& bytes;
  size_t pos = 0;
  std::uint8_t u8() noexcept { return bytes[pos++]; }
  std::int8_t i8() noexcept { return static_cast<std::int8_t>(u8()); }
  std::uint16_t u16() noexcept {
    const unsigned lo = u8();
    const unsigned hi = u8();
    return static_cast<std::uint16_t>(lo | (hi << 8));
  }
  std::int16_t i16() noexcept { return static_cast<std::int16_t>(u16()); }
  std::uint32_t u32() noexcept {
    const std::uint32_t lo = u16();
    const std::uint32_t hi = u16();
    return lo | (hi << 16);
  }
  LanceRecord record() noexcept {
    LanceRecord r;
    r.lance = static_cast<Lance>(u8());
    r.status = static_cast<LanceStatus>(u8());
    r.bet_team = i8();
    r.winner_team = i8();
    r.winner_seat = i8();
    r.tantos = u8();
    r.counted = u8();
    r.stake = u16();
    r.points = u16();
    return r;
  }
};

}  // namespace

std::string action_to_text(const Action& a) {
  if (!expressible(a)) return "invalid";
  std::string out;
  if (a.kind == ActionKind::shuffle) {
    if (a.amount == 0) return "shuffle seed " + std::to_string(a.seed);
    out = "shuffle order";
    for (int i = 0; i < a.amount; ++i) {
      out += ' ';
      append_card(out, a.order[static_cast<size_t>(i)]);
    }
    return out;
  }
  out += static_cast<char>('0' + a.seat);
  out += ' ';
  out += action_kind_name(a.kind);
  switch (a.kind) {
    case ActionKind::bet:
      out += ' ';
      out += std::to_string(a.amount);
      break;
    case ActionKind::signal:
      out += ' ';
      out += signal_name(static_cast<Signal>(a.amount));
      break;
    case ActionKind::discard:
      if (a.cards == 0) {
        out += " -";
        break;
      }
      for (int id = 0; id < deck_size; ++id)
        if (((a.cards >> id) & 1U) != 0) {
          out += ' ';
          append_card(out, id);
        }
      break;
    default: break;
  }
  return out;
}

Result<Action> action_from_text(std::string_view text) noexcept {
  if (text.empty()) return parse_error("empty action", 0);
  Line line{text};
  size_t at = 0;
  const std::string_view first = line.word(at);
  // Checks that nothing follows a complete action.
  const auto done = [&](const Action& a) -> Result<Action> {
    if (line.dangling_space()) return parse_error("text after the action", line.pos - 1);
    if (!line.at_end()) return parse_error("text after the action", line.pos);
    return a;
  };
  if (first == "shuffle") {
    size_t wat = 0;
    const std::string_view how = line.word(wat);
    if (how == "seed") {
      size_t nat = 0;
      const std::string_view num = line.word(nat);
      std::uint64_t seed = 0;
      if (!read_unsigned(num, std::numeric_limits<std::uint64_t>::max(), seed))
        return parse_error("expected a seed 0..18446744073709551615", nat);
      return done(Action::shuffle_seed(seed));
    }
    if (how == "order") {
      std::array<std::uint8_t, deck_size> order{};
      std::uint64_t mask = 0;
      int n = 0;
      // At most 40 distinct cards exist, so `order` cannot overflow.
      if (const Error e = read_cards(line, mask, order.data(), n); !e.ok()) return e;
      if (n == 0) return parse_error("expected the cards of the order", line.pos);
      return Action::shuffle_order(order.data(), n);
    }
    return parse_error("expected 'seed' or 'order' after 'shuffle'", wat);
  }
  if (first == "invalid")
    return parse_error("not an action (the text of an action the form cannot express)", 0);
  if (first.size() != 1 || first[0] < '0' || first[0] > '3') {
    std::uint64_t number = 0;
    if (read_unsigned(first, std::numeric_limits<std::uint64_t>::max(), number))
      return parse_error("seat out of range (expected 0..3)", at);
    return parse_error("expected a seat 0..3 or 'shuffle'", at);
  }
  const int seat = first[0] - '0';
  if (line.at_end()) return parse_error("missing action after the seat", text.size());
  size_t vat = 0;
  const std::string_view verb = line.word(vat);
  if (verb.empty())
    return parse_error("expected the action word (words are separated by one space)", vat);
  if (verb == "mus") return done(Action::mus(seat));
  if (verb == "cut") return done(Action::cut(seat));
  if (verb == "pass") return done(Action::pass(seat));
  if (verb == "ordago") return done(Action::ordago(seat));
  if (verb == "accept") return done(Action::accept(seat));
  if (verb == "reject") return done(Action::reject(seat));
  if (verb == "perete") return done(Action::perete(seat));
  if (verb == "bet") {
    size_t nat = 0;
    std::string_view num = line.word(nat);
    const bool negative = !num.empty() && num[0] == '-';
    if (negative) num.remove_prefix(1);
    std::uint64_t v = 0;
    const std::uint64_t max = negative ? std::uint64_t{1} << 31 : (std::uint64_t{1} << 31) - 1;
    if (!read_unsigned(num, max, v)) return parse_error("expected the bet's points", nat);
    const auto amount = negative ? static_cast<std::int32_t>(-static_cast<std::int64_t>(v))
                                 : static_cast<std::int32_t>(v);
    return done(Action::bet(seat, amount));
  }
  if (verb == "signal") {
    size_t sat = 0;
    const std::string_view name = line.word(sat);
    for (int k = 0; k < signal_count; ++k)
      if (name == signal_name(static_cast<Signal>(k)))
        return done(Action::signal(seat, static_cast<Signal>(k)));
    return parse_error("unknown signal (expected a name such as duples or juego_31)", sat);
  }
  if (verb == "discard") {
    if (line.at_end())
      return parse_error("expected the cards discarded, or '-' for none", text.size());
    if (text.substr(line.pos) == "-") {
      line.pos = text.size();
      return Action::discard(seat, 0);
    }
    std::uint64_t mask = 0;
    int n = 0;
    if (const Error e = read_cards(line, mask, nullptr, n); !e.ok()) return e;
    return Action::discard(seat, mask);
  }
  return parse_error(verbs_expected, vat);
}

std::string state_to_text(const State& s) {
  std::array<std::uint8_t, state_text_bytes> bytes{};
  std::memcpy(bytes.data(), &s, bytes.size());
  return write_tagged(state_text_tag, bytes.data(), bytes.size());
}

Result<State> state_from_text(std::string_view text) noexcept {
  // The text of the earlier State layout: its bytes mean other fields, so it is refused by name.
  if (text.substr(0, text.find(' ')) == "mus-state/1")
    return parse_error("mus-state/1 is the layout of libmus 0.1; this version reads mus-state/2",
                       0);
  std::array<std::uint8_t, state_text_bytes> bytes{};
  if (const Error e = read_tagged(text, state_text_tag, bytes.data(), bytes.size()); !e.ok())
    return e;
  State s;
  std::memcpy(&s, bytes.data(), bytes.size());  // any bytes: checked before any field is used
  if (const detail::Verdict v = detail::state_refusal(s); v != detail::accepted)
    return Error{v->code, v->why, -1};  // "invalid state: " and the part that failed its check
  return s;
}

std::string view_to_text(const SeatView& v) {
  Writer w;
  w.i8(v.seat);
  w.u8(static_cast<unsigned>(v.phase));
  w.i8(v.to_act);
  w.u8(v.dealer);
  w.u8(v.mano);
  w.u8(static_cast<unsigned>(v.lance));
  w.i8(v.match_winner);
  for (const std::uint8_t id : v.hand) w.u8(id);
  for (const std::int16_t x : v.score) w.i16(x);
  for (const std::uint8_t x : v.games) w.u8(x);
  for (const std::uint8_t x : v.vacas) w.u8(x);
  w.u8(v.stock_count);
  w.u8(v.pile_count);
  w.u8(v.pares_mask);
  w.u8(v.juego_mask);
  w.u8(v.declared);
  w.u8(v.perete_mask);
  for (const std::uint16_t m : v.signals) w.u16(m);
  w.u8(v.bet_open);
  w.u8(v.is_ordago);
  w.i8(v.bet_team);
  w.u16(v.stake_before);
  w.u16(v.proposed);
  w.u8(v.proposal);
  w.i8(v.proposer);
  w.u16(v.proposal_amount);
  w.u32(v.hand_number);
  for (const LanceRecord& r : v.lances) w.record(r);
  const HandSummary& h = v.last;
  w.u32(h.number);
  w.i8(h.dealer);
  w.i8(h.mano);
  w.u8(static_cast<unsigned>(h.end));
  w.i8(h.game_winner);
  for (const std::int16_t x : h.score_before) w.i16(x);
  for (const std::int16_t x : h.score_after) w.i16(x);
  for (const LanceRecord& r : h.lances) w.record(r);
  for (const std::uint8_t id : h.shown) w.u8(id);
  w.u8(v.hand_in_game);
  w.u8(v.mus_said);
  w.u8(v.discarded);
  w.u8(v.refill_pos);
  for (const std::uint8_t n : v.need) w.u8(n);
  w.i8(v.answer_first);
  w.i8(v.deje_winner);
  w.u16(0);  // reserved: a whole number of base64url groups
  return write_tagged(view_text_tag, w.bytes.data(), w.pos);
}

Result<SeatView> view_from_text(std::string_view text) noexcept {
  // The texts of the earlier view layouts: refused by name.
  const std::string_view tag = text.substr(0, text.find(' '));
  if (tag == "mus-view/1")
    return parse_error("mus-view/1 is the seat view of libmus 0.1; this version reads mus-view/3",
                       0);
  if (tag == "mus-view/2")
    return parse_error("mus-view/2 is the seat view of libmus 0.2; this version reads mus-view/3",
                       0);
  std::array<std::uint8_t, view_text_bytes> bytes{};
  if (const Error e = read_tagged(text, view_text_tag, bytes.data(), bytes.size()); !e.ok())
    return e;
  Reader r{bytes};
  SeatView v;
  v.seat = r.i8();
  v.phase = static_cast<Phase>(r.u8());
  v.to_act = r.i8();
  v.dealer = r.u8();
  v.mano = r.u8();
  v.lance = static_cast<Lance>(r.u8());
  v.match_winner = r.i8();
  for (std::uint8_t& id : v.hand) id = r.u8();
  for (std::int16_t& x : v.score) x = r.i16();
  for (std::uint8_t& x : v.games) x = r.u8();
  for (std::uint8_t& x : v.vacas) x = r.u8();
  v.stock_count = r.u8();
  v.pile_count = r.u8();
  v.pares_mask = r.u8();
  v.juego_mask = r.u8();
  v.declared = r.u8();
  v.perete_mask = r.u8();
  for (std::uint16_t& m : v.signals) m = r.u16();
  v.bet_open = r.u8();
  v.is_ordago = r.u8();
  v.bet_team = r.i8();
  v.stake_before = r.u16();
  v.proposed = r.u16();
  v.proposal = r.u8();
  v.proposer = r.i8();
  v.proposal_amount = r.u16();
  v.hand_number = r.u32();
  for (LanceRecord& l : v.lances) l = r.record();
  HandSummary& h = v.last;
  h.number = r.u32();
  h.dealer = r.i8();
  h.mano = r.i8();
  h.end = static_cast<HandEnd>(r.u8());
  h.game_winner = r.i8();
  for (std::int16_t& x : h.score_before) x = r.i16();
  for (std::int16_t& x : h.score_after) x = r.i16();
  for (LanceRecord& l : h.lances) l = r.record();
  for (std::uint8_t& id : h.shown) id = r.u8();
  v.hand_in_game = r.u8();
  v.mus_said = r.u8();
  v.discarded = r.u8();
  v.refill_pos = r.u8();
  for (std::uint8_t& n : v.need) n = r.u8();
  v.answer_first = r.i8();
  v.deje_winner = r.i8();
  const std::uint16_t reserved = r.u16();
  if (r.pos != view_text_bytes || reserved != 0)
    return Error{Errc::invalid_state, "not a seat view this library produced", -1};
  if (const detail::Verdict why = detail::view_refusal(v); why != detail::accepted)
    return Error{why->code, why->why, -1};
  return v;
}

}  // namespace mus
