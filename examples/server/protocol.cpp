#include "protocol.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "fields.hpp"
#include "json_out.hpp"

namespace mus_server {

using json = nlohmann::json;

// ---- client to server ----------------------------------------------------------------------

std::optional<std::size_t> read_text(std::string_view s, bool& has_control, bool& only_spaces) {
  has_control = false;
  only_spaces = true;
  std::size_t count = 0;
  for (std::size_t i = 0; i < s.size(); ++count) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    char32_t cp = 0, least = 0;
    if (b < 0x80) {
      n = 1, cp = b;
    } else if ((b & 0xE0) == 0xC0) {
      n = 2, cp = b & 0x1Fu, least = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
      n = 3, cp = b & 0x0Fu, least = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
      n = 4, cp = b & 0x07u, least = 0x10000;
    } else {
      return std::nullopt;  // a continuation byte first, or 0xF8..0xFF
    }
    if (i + n > s.size()) return std::nullopt;
    for (std::size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) return std::nullopt;
      cp = (cp << 6) | (c & 0x3Fu);
    }
    if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::nullopt;
    i += n;
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) has_control = true;
    const bool space = cp == 0x20 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) ||
                       cp == 0x202F || cp == 0x205F || cp == 0x3000;
    if (!space) only_spaces = false;
  }
  return count;
}

bool good_name(const std::string& s) {
  if (s.empty() || s.size() > 32) return false;
  bool control = false, spaces = false;
  return read_text(s, control, spaces).has_value() && !control;
}

namespace in {
namespace {

// One parser per message type: the fields, checked; the table of them is in type order.
Message hello(const json& m, const Limits&) {
  const std::int64_t v = fields::need_int(m, "v");
  if (v != protocol_version)
    refuse("unsupported_version",
           "this server speaks version " + std::to_string(protocol_version));
  Hello h{fields::opt_string(m, "name"), fields::opt_string(m, "token"), ViewForm::full,
          fields::opt_bool(m, "tips", false)};
  if (const auto form = fields::opt_string(m, "view")) {
    if (*form == "delta") {
      h.view = ViewForm::delta;
    } else if (*form == "text") {
      h.view = ViewForm::text;
    } else if (*form != "full") {
      refuse("bad_value", "'view' must be \"full\", \"delta\" or \"text\"");
    }
  }
  if (h.name && !good_name(*h.name))
    refuse("bad_value", "'name' must be 1 to 32 bytes of UTF-8 without control characters");
  if (!h.name && !h.token) refuse("missing_field", "'name' is required without a token");
  return h;
}

Message ping(const json& m, const Limits&) {
  const json* id = fields::find(m, "id");
  return Ping{id != nullptr && (id->is_number() || id->is_string()) ? *id : json(nullptr)};
}

Message create(const json& m, const Limits& limits) {
  Create c{read_settings(m, limits, SettingsSource::create), std::nullopt};
  if (const auto seat = fields::opt_int(m, "seat")) {
    if (*seat < 0 || *seat > 3 || c.settings.bot[static_cast<std::size_t>(*seat)])
      refuse("bad_value", "'seat' must be one of the table's human seats");
    c.seat = static_cast<int>(*seat);
  }
  return c;
}

TableRef table_ref(const json& m) {
  TableRef r{fields::opt_string(m, "table"), fields::opt_string(m, "code")};
  if (!r.table && !r.code) refuse("missing_field", "'table' or 'code' is required");
  return r;
}

Message join(const json& m, const Limits&) {
  Join j{table_ref(m), std::nullopt};
  if (const auto seat = fields::opt_int(m, "seat")) {
    if (*seat < 0 || *seat > 3) refuse("bad_value", "'seat' must be 0..3");
    j.seat = static_cast<int>(*seat);
  }
  return j;
}

Message watch(const json& m, const Limits&) { return Watch{table_ref(m)}; }

Message act(const json& m, const Limits&) {
  Act a;
  a.table = fields::need_string(m, "table");
  a.action = fields::opt_int(m, "action");
  const auto bet = fields::opt_int(m, "bet");
  if (a.action.has_value() == bet.has_value())
    refuse("bad_value", "'act' carries exactly one of 'action' and 'bet'");
  if (bet) {
    if (*bet < INT32_MIN || *bet > INT32_MAX) refuse("bad_value", "'bet' is out of range");
    a.bet = static_cast<std::int32_t>(*bet);
  }
  a.seq = fields::need_int(m, "seq");
  return a;
}

Message leave(const json& m, const Limits&) { return Leave{fields::need_string(m, "table")}; }

Message gesture(const json& m, const Limits&) {
  Gesture g{fields::need_string(m, "table"), mus::Signal::two_kings};
  const std::string name = fields::need_string(m, "signal");
  for (int k = 0; k < mus::signal_count; ++k) {
    if (mus::signal_name(static_cast<mus::Signal>(k)) == name) {
      g.signal = static_cast<mus::Signal>(k);
      return g;
    }
  }
  json names = json::array();
  for (int k = 0; k < mus::signal_count; ++k)
    names.push_back(std::string(mus::signal_name(static_cast<mus::Signal>(k))));
  refuse("bad_value", "no signal '" + name.substr(0, 40) + "'; the signals are " + names.dump());
}

Message chat(const json& m, const Limits&) {
  Chat c{fields::need_string(m, "table"), fields::need_string(m, "text")};
  bool control = false, spaces = false;
  const auto chars = read_text(c.text, control, spaces);
  if (!chars) refuse("bad_value", "'text' is not valid UTF-8");
  if (*chars == 0 || *chars > max_chat_chars)
    refuse("bad_value", "'text' must be 1 to " + std::to_string(max_chat_chars) + " characters");
  if (spaces) refuse("bad_value", "'text' is only spaces");
  if (control) refuse("bad_value", "'text' must not hold control characters");
  return c;
}

Message player_info(const json& m, const Limits&) {
  return PlayerInfo{fields::need_string(m, "player")};
}
Message add_friend(const json& m, const Limits&) {
  return AddFriend{fields::need_string(m, "player")};
}
Message remove_friend(const json& m, const Limits&) {
  return RemoveFriend{fields::need_string(m, "player")};
}
Message lobby(const json&, const Limits&) { return Lobby{}; }
Message tips(const json& m, const Limits&) { return Tips{fields::need_bool(m, "on")}; }

using Parser = Message (*)(const json&, const Limits&);
constexpr std::array<Parser, type_names.size()> parsers{
    hello, ping, create, join, watch, act, leave, gesture, chat, player_info, add_friend,
    remove_friend, lobby, tips};

}  // namespace

std::size_t message_type(const json& m) {
  if (!m.is_object()) refuse("bad_message", "a message is a JSON object");
  const std::string type = fields::need_string(m, "type");
  const auto it = std::find(type_names.begin(), type_names.end(), type);
  if (it == type_names.end()) refuse("unknown_type", "unknown message type");
  return static_cast<std::size_t>(it - type_names.begin());
}

bool needs_hello(std::size_t type) {
  return type_names[type] != "hello" && type_names[type] != "ping";
}

Message parse(std::size_t type, const json& m, const Limits& limits) {
  return parsers.at(type)(m, limits);
}

}  // namespace in

// ---- server to client ----------------------------------------------------------------------

namespace out {
namespace {

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// A number with `digits` decimals (the tips' estimates; JsonOut writes integers only).
void write_fixed(JsonOut& o, double x, int digits) {
  std::array<char, 32> buf{};
  const int n = std::snprintf(buf.data(), buf.size(), "%.*f", digits, std::isfinite(x) ? x : 0.0);
  o.raw(std::string_view(buf.data(), static_cast<std::size_t>(n)));
}

// The card ids of a bit set (bit = card id), as an array.
void write_card_bits(JsonOut& o, std::uint64_t bits) {
  o.begin_array();
  for (int c = 0; c < mus::deck_size; ++c)
    if ((bits >> c & 1U) != 0) o.value(std::int64_t{c});
  o.end_array();
}

// A view's fields, whole or as a delta: with a base, only the fields that differ from it are
// written (the same names, the same values), so one writer serves both forms and a delta can
// never say anything the whole view would not.
class ViewWriter {
 public:
  ViewWriter(JsonOut& o, const mus::SeatView* base) : o_(o), base_(base) {}

  // The view (`seat`: the view's seat, or -1 for the spectators' copy) as an object.
  void seat_view(const mus::SeatView& v, int seat) {
    const mus::SeatView* b = base_;
    o_.begin_object();
    if (b == nullptr) o_.key("seat").value(std::int64_t{seat});
    if (differs(b, &mus::SeatView::phase, v)) o_.key("phase").value(mus::phase_name(v.phase));
    number(b, "to_act", &mus::SeatView::to_act, v);
    number(b, "dealer", &mus::SeatView::dealer, v);
    number(b, "mano", &mus::SeatView::mano, v);
    if (differs(b, &mus::SeatView::lance, v)) o_.key("lance").value(mus::lance_name(v.lance));
    number(b, "match_winner", &mus::SeatView::match_winner, v);
    if (differs(b, &mus::SeatView::hand, v)) {
      o_.key("hand");
      cards(v.hand);
      o_.key("hand_ids");
      card_ids(v.hand);
    }
    numbers(b, "score", &mus::SeatView::score, v);
    numbers(b, "games", &mus::SeatView::games, v);
    numbers(b, "vacas", &mus::SeatView::vacas, v);
    number(b, "stock_count", &mus::SeatView::stock_count, v);
    number(b, "pile_count", &mus::SeatView::pile_count, v);
    number(b, "pares_mask", &mus::SeatView::pares_mask, v);
    number(b, "juego_mask", &mus::SeatView::juego_mask, v);
    number(b, "declared", &mus::SeatView::declared, v);
    number(b, "perete_mask", &mus::SeatView::perete_mask, v);
    numbers(b, "signals", &mus::SeatView::signals, v);
    flag(b, "bet_open", &mus::SeatView::bet_open, v);
    flag(b, "is_ordago", &mus::SeatView::is_ordago, v);
    number(b, "bet_team", &mus::SeatView::bet_team, v);
    number(b, "stake_before", &mus::SeatView::stake_before, v);
    number(b, "proposed", &mus::SeatView::proposed, v);
    number(b, "proposal", &mus::SeatView::proposal, v);
    number(b, "proposer", &mus::SeatView::proposer, v);
    number(b, "proposal_amount", &mus::SeatView::proposal_amount, v);
    number(b, "hand_number", &mus::SeatView::hand_number, v);
    lances("lances", v.lances, b != nullptr ? &b->lances : nullptr);
    if (b == nullptr || !(v.last == b->last)) {
      o_.key("last");
      last(v.last, b != nullptr ? &b->last : nullptr);
    }
    o_.end_object();
  }


  // A hand's summary (a view's `last`) as an object, whole.
  void hand_summary(const mus::HandSummary& h) { last(h, nullptr); }

 private:
  template <typename T>
  static bool differs(const mus::SeatView* b, T mus::SeatView::*field, const mus::SeatView& v) {
    return b == nullptr || !(v.*field == b->*field);
  }
  template <typename T>
  void number(const mus::SeatView* b, std::string_view key, T mus::SeatView::*field,
              const mus::SeatView& v) {
    if (differs(b, field, v)) o_.key(key).value(static_cast<std::int64_t>(v.*field));
  }
  template <typename T>
  void flag(const mus::SeatView* b, std::string_view key, T mus::SeatView::*field,
            const mus::SeatView& v) {
    if (differs(b, field, v)) o_.key(key).value(v.*field != 0);
  }
  template <typename T>
  void numbers(const mus::SeatView* b, std::string_view key, T mus::SeatView::*field,
               const mus::SeatView& v) {
    if (differs(b, field, v)) o_.key(key).numbers(v.*field);
  }
  template <std::size_t N>
  void cards(const std::array<std::uint8_t, N>& cs) {
    o_.begin_array();
    for (auto c : cs) {
      if (c >= mus::deck_size) {
        o_.null();
      } else {
        o_.value(mus::to_string(mus::Card::from_id_unchecked(c)));
      }
    }
    o_.end_array();
  }
  // Cards as the library's ids (0..39, mus::no_card for an empty or hidden slot), written beside
  // their texts so that a client draws them without reading the texts.
  template <std::size_t N>
  void card_ids(const std::array<std::uint8_t, N>& cs) {
    o_.begin_array();
    for (auto c : cs) o_.value(std::int64_t{c < mus::deck_size ? c : mus::no_card});
    o_.end_array();
  }
  // The lances: an array whole; in a delta, an object of the changed entries by index.
  void lances(std::string_view key, const std::array<mus::LanceRecord, 4>& ls,
              const std::array<mus::LanceRecord, 4>* base) {
    if (base != nullptr && ls == *base) return;
    o_.key(key);
    if (base == nullptr) {
      o_.begin_array();
    } else {
      o_.begin_object();
    }
    for (std::size_t i = 0; i < ls.size(); ++i) {
      const mus::LanceRecord* lb = base != nullptr ? &(*base)[i] : nullptr;
      if (lb != nullptr && ls[i] == *lb) continue;
      if (lb != nullptr) o_.key(index_key(i));
      lance(ls[i], lb);
    }
    if (base == nullptr) {
      o_.end_array();
    } else {
      o_.end_object();
    }
  }
  void lance(const mus::LanceRecord& l, const mus::LanceRecord* b) {
    o_.begin_object();
    if (b == nullptr || l.lance != b->lance) o_.key("lance").value(mus::lance_name(l.lance));
    if (b == nullptr || l.status != b->status)
      o_.key("status").value(mus::lance_status_name(l.status));
    const auto n = [&](std::string_view key, auto now, auto before) {
      if (b == nullptr || now != before) o_.key(key).value(static_cast<std::int64_t>(now));
    };
    n("bet_team", l.bet_team, b ? b->bet_team : 0);
    n("winner_team", l.winner_team, b ? b->winner_team : 0);
    n("winner_seat", l.winner_seat, b ? b->winner_seat : 0);
    n("tantos", l.tantos, b ? b->tantos : 0);
    if (b == nullptr || l.counted != b->counted) o_.key("counted").value(l.counted != 0);
    n("stake", l.stake, b ? b->stake : 0);
    n("points", l.points, b ? b->points : 0);
    o_.end_object();
  }
  void last(const mus::HandSummary& h, const mus::HandSummary* b) {
    o_.begin_object();
    const auto n = [&](std::string_view key, auto now, auto before) {
      if (b == nullptr || now != before) o_.key(key).value(static_cast<std::int64_t>(now));
    };
    n("number", h.number, b ? b->number : 0);
    n("dealer", h.dealer, b ? b->dealer : 0);
    n("mano", h.mano, b ? b->mano : 0);
    n("end", static_cast<std::int64_t>(h.end), b ? static_cast<std::int64_t>(b->end) : 0);
    n("game_winner", h.game_winner, b ? b->game_winner : 0);
    if (b == nullptr || h.score_before != b->score_before)
      o_.key("score_before").numbers(h.score_before);
    if (b == nullptr || h.score_after != b->score_after)
      o_.key("score_after").numbers(h.score_after);
    lances("lances", h.lances, b != nullptr ? &b->lances : nullptr);
    if (b == nullptr || h.shown != b->shown || h.showed_cards() != b->showed_cards()) {
      o_.key("shown");
      if (h.showed_cards()) {
        cards(h.shown);
        o_.key("shown_ids");
        card_ids(h.shown);
      } else {
        o_.null().key("shown_ids").null();
      }
    }
    o_.end_object();
  }
  static std::string_view index_key(std::size_t i) {
    static constexpr std::array<std::string_view, 4> keys{"0", "1", "2", "3"};
    return keys.at(i);
  }

  JsonOut& o_;
  const mus::SeatView* base_;
};

void write_log_entry(JsonOut& o, const LogEntry& e) {
  o.begin_object().key("seq").value(static_cast<std::int64_t>(e.seq));
  if (e.note == Note::none) {
    o.key("kind").value(static_cast<std::int64_t>(e.event.kind))
        .key("seat").value(std::int64_t{e.event.seat})
        .key("team").value(std::int64_t{e.event.team})
        .key("lance").value(std::int64_t{e.event.lance})
        .key("amount").value(std::int64_t{e.event.amount})
        .key("value").value(std::int64_t{e.event.value});
  } else {
    o.key("server").value(e.note == Note::timeout ? "timeout" : "bot_for_away")
        .key("seat").value(std::int64_t{e.event.seat});
  }
  o.end_object();
}

// One action: its id (a legal action's; none when `id` is negative), the library's text, and
// its parts for a client that builds its own buttons: the kind, a bet's amount, a signal's
// name, a discard's card ids.
void write_action(JsonOut& o, int id, const mus::Action& a) {
  o.begin_object();
  if (id >= 0) o.key("id").value(std::int64_t{id});
  o.key("text").value(mus::action_to_text(a))
      .key("kind").value(mus::action_kind_name(a.kind));
  switch (a.kind) {
    case mus::ActionKind::bet:
      o.key("amount").value(std::int64_t{a.amount});
      break;
    case mus::ActionKind::signal:
      o.key("signal").value(mus::signal_name(static_cast<mus::Signal>(a.amount)));
      break;
    case mus::ActionKind::discard:
      o.key("cards");
      write_card_bits(o, a.cards);
      break;
    default:
      break;
  }
  o.end_object();
}

// One tip of the library (mus::Tip, the table of kinds in mus/tips.hpp) under its C names:
// the kind, lance and signals by the library's names, cards as ids, actions as in `legal`
// (without an id), and the fields the kind does not use left out (docs/tips.md, "As JSON").
void write_tip(JsonOut& o, const mus::Tip& t) {
  o.begin_object()
      .key("kind").value(mus::tip_kind_name(t.kind))
      .key("score").numbers(t.score)
      .key("count").value(std::int64_t{t.count})
      .key("amount").value(std::int64_t{t.amount});
  if (t.lance >= 0) o.key("lance").value(mus::lance_name(static_cast<mus::Lance>(t.lance)));
  if (t.seat >= 0) o.key("seat").value(std::int64_t{t.seat});
  if (t.signals != 0) {
    o.key("signals").begin_array();
    for (int k = 0; k < mus::signal_count; ++k)
      if ((t.signals >> k & 1U) != 0) o.value(mus::signal_name(static_cast<mus::Signal>(k)));
    o.end_array();
  }
  o.key("hand_ids").begin_array();
  for (const mus::Card c : t.hand.cards()) o.value(std::int64_t{c.id()});
  o.end_array()
      .key("pares").value(std::int64_t{t.eval.pares})
      .key("value").value(std::int64_t{t.eval.value})
      .key("real31").value(mus::is_real31(t.eval));
  if (t.kind == mus::TipKind::juego) {
    o.key("real31_beats").value(t.real31_beats).key("beaten_by").begin_array();
    for (auto b : t.beaten_by)
      if (b != 0) o.value(std::int64_t{b});
    o.end_array();
  }
  if (t.cards != 0) {
    o.key("cards");
    write_card_bits(o, t.cards);
  }
  if (t.action != mus::no_tip_action) {
    o.key("action");
    write_action(o, -1, t.action);
  }
  if (t.kind == mus::TipKind::search_choice) {
    o.key("points");
    write_fixed(o, t.points, 2);
    if (t.other != mus::no_tip_action) {
      o.key("other");
      write_action(o, -1, t.other);
      o.key("other_points");
      write_fixed(o, t.other_points, 2);
    }
  }
  if (t.kind == mus::TipKind::lance_chance) {
    o.key("chance");
    write_fixed(o, t.chance, 3);
  }
  o.end_object();
}

void write_legal(JsonOut& o, const mus::State& s) {
  const std::uint64_t mask = mus::legal_action_mask(s);
  for (int id = 0; id < mus::action_id_count; ++id) {
    if ((mask >> id & 1U) == 0) continue;
    const auto a = mus::action_from_id(s, id);
    if (a) write_action(o, id, *a);
  }
}

// The signals (R33) the seat may make now, at its turn or not.
void write_gestures(JsonOut& o, const mus::State& s, int seat) {
  o.begin_array();
  for (int k = 0; k < mus::signal_count; ++k) {
    const auto sig = static_cast<mus::Signal>(k);
    if (s.signal_allowed(seat, sig)) o.value(mus::signal_name(sig));
  }
  o.end_array();
}

json seat_json(const SeatOut& s, std::size_t k, bool table_message) {
  json seat = {{"kind", s.bot ? "bot" : "human"}};
  if (table_message) seat["seat"] = k;
  if (s.bot) {
    seat["bot"] = std::string(mus::bot_kind_name(s.bot_kind));
    if (s.level) seat["level"] = std::string(mus::level_id(*s.level));
    if (!table_message) seat["player"] = nullptr;
    seat["player_id"] = nullptr;
    return seat;
  }
  seat["player"] = s.taken ? json(std::string(s.name)) : json(nullptr);
  seat["player_id"] = s.taken ? json(std::string(s.player_id)) : json(nullptr);
  if (table_message) {
    seat["connected"] = s.connected;
    seat["bot_playing"] = s.bot_playing;
  }
  return seat;
}

json seats_json(const std::array<SeatOut, 4>& seats_in, bool table_message) {
  json seats = json::array();
  for (std::size_t k = 0; k < 4; ++k) seats.push_back(seat_json(seats_in[k], k, table_message));
  return seats;
}

json friends_json(std::span<const FriendOut> list) {
  json a = json::array();
  for (const FriendOut& f : list) a.push_back({{"player", f.player}, {"name", f.name}});
  return a;
}

json chat_json(std::string_view table, const ChatLine& l) {
  return {{"type", "chat"}, {"table", table},   {"n", l.n},       {"seat", l.seat},
          {"player", l.player}, {"name", l.name}, {"text", l.text}, {"at_ms", l.at_ms}};
}

json lobby_entry(const TableOut& t, bool with_friends) {
  json e = {{"table", t.id},          {"rules", t.settings->rules_text},
            {"clock", t.settings->clock_s}, {"seats", seats_json(t.seats, false)},
            {"started", t.started},   {"spectators", t.spectators}};
  if (with_friends) e["friends"] = t.friends;
  return e;
}

}  // namespace

SeatOut seat_of_settings(const TableSettings& settings, std::size_t seat) {
  SeatOut s;
  s.bot = settings.bot[seat];
  s.bot_kind = settings.bot_kind[seat];
  s.level = settings.level[seat];
  return s;
}

mus::SeatView spectator_view(const mus::State& s) {
  mus::SeatView sv = mus::view_of(s, 0);
  sv.hand = {mus::no_card, mus::no_card, mus::no_card, mus::no_card};
  return sv;
}

std::string welcome(const WelcomeOut& w) {
  json m = {{"type", "welcome"},   {"v", protocol_version}, {"player", w.player},
            {"name", w.name},      {"token", w.token},      {"resumed", w.resumed},
            {"tables", w.tables},  {"bot_kinds", seatable_bot_kinds()},
            {"levels", levels_json()},
            {"friends", friends_json(w.friends)}};
  if (!w.node.empty()) m["node"] = w.node;
  return dump(m);
}

std::string table(const TableOut& t, bool with_code) {
  const TableSettings& s = *t.settings;
  json j = {{"type", "table"},          {"table", t.id},         {"rules", s.rules_text},
            {"private", s.is_private},  {"clock", s.clock_s},    {"started", t.started},
            {"over", t.over},           {"seq", t.seq},          {"spectators", t.spectators},
            {"seats", seats_json(t.seats, true)}};
  j["to_act"] = t.to_act ? json(*t.to_act) : json(nullptr);
  j["deadline_ms"] = t.deadline_ms ? json(*t.deadline_ms) : json(nullptr);
  if (with_code && s.is_private) j["code"] = s.code;
  return dump(j);
}

std::string view(const ViewOut& v) {
  const mus::State& s = *v.state;
  const mus::SeatView& sv = *v.seat_view;
  std::string text;
  text.reserve(v.form == ViewForm::full ? 4096 : 1024);
  JsonOut o(text);
  o.begin_object()
      .key("type").value("view")
      .key("table").value(v.table)
      .key("seq").value(static_cast<std::int64_t>(v.seq))
      .key("seat").value(std::int64_t{v.seat});
  // A spectator's view has no text: under the text form it gets the delta.
  const ViewForm form = v.form == ViewForm::text && v.seat < 0 ? ViewForm::delta : v.form;
  if (form == ViewForm::full) {
    o.key("view");
    ViewWriter(o, nullptr).seat_view(sv, v.seat);
  } else if (form == ViewForm::delta) {
    o.key("view_delta");
    ViewWriter(o, v.base).seat_view(sv, v.seat);
  }
  if (v.seat >= 0 && form != ViewForm::delta) o.key("text").value(mus::view_to_text(sv));
  o.key("legal").begin_array();
  if (v.legal) write_legal(o, s);
  o.end_array().key("bet_limits");
  if (const int lo = v.legal ? mus::min_bet(s) : 0; lo > 0) {
    o.begin_object()
        .key("min").value(std::int64_t{lo})
        .key("max").value(std::int64_t{mus::max_bet(s)})
        // The bet (or raise "more" over the open bet's stake) that, seen and won, gives the
        // seat's team the points it still needs for the game: a page's slider stops there
        // (more is the órdago's job), though any amount up to max stays legal.
        .key("game").value(std::int64_t{s.rules.target} -
                           s.scores.points[static_cast<std::size_t>(mus::team_of(v.seat))] -
                           (s.bet.open != 0 ? s.bet.proposed : 0))
        .end_object();
  } else {
    o.null();
  }
  o.key("gestures");
  if (v.gestures) {
    write_gestures(o, s, v.seat);
  } else {
    o.begin_array().end_array();
  }
  if (v.tips != nullptr) {
    // Up to three, for the seat to act whose person asked for them (hello.tips).
    o.key("tips").begin_array();
    for (std::size_t i = 0; i < v.tips->size; ++i) write_tip(o, v.tips->items[i]);
    o.end_array();
  }
  o.key("deadline_ms");
  if (v.deadline_ms) {
    o.value(*v.deadline_ms);
  } else {
    o.null();
  }
  if (v.events_truncated) o.key("events_truncated").value(true);
  o.key("events").begin_array();
  for (const LogEntry& e : v.events) write_log_entry(o, e);
  o.end_array().end_object();
  return text;
}

std::string match_data(std::string_view table, const mus::Rules& rules,
                       const std::array<SeatOut, 4>& seats, std::span<const MatchHand> hands) {
  std::string text;
  JsonOut o(text);
  o.begin_object()
      .key("type").value("match")
      .key("table").value(table)
      .key("rules").value(mus::format_rules(rules))
      .key("seats").raw(seats_json(seats, false).dump())
      .key("levels").raw(levels_json().dump())
      .key("hands").begin_array();
  for (const MatchHand& h : hands) {
    o.begin_object().key("events").begin_array();
    for (const LogEntry& e : h.events) write_log_entry(o, e);
    o.end_array().key("count");
    ViewWriter(o, nullptr).hand_summary(h.count);
    o.end_object();
  }
  o.end_array().end_object();
  return text;
}

std::string match_over(std::string_view table, int winner) {
  // `record` (the library's match record) and `page` (hand by hand); `replay` is the older
  // name of `record`.
  const std::string record = "/replays/" + std::string(table);
  return dump({{"type", "match_over"},
               {"table", table},
               {"winner", winner},
               {"record", record},
               {"replay", record},
               {"page", "/matches/" + std::string(table)}});
}

std::string left(std::string_view table) { return dump({{"type", "left"}, {"table", table}}); }

std::string pong(const json& id) {
  json p = {{"type", "pong"}};
  if (!id.is_null()) p["id"] = id;
  return dump(p);
}

std::string error(std::string_view code, std::string_view message, std::string_view re) {
  json e = {{"type", "error"}, {"code", code}, {"message", message}};
  if (!re.empty()) e["re"] = re;
  return dump(e);
}

std::string moved(std::string_view table, std::string_view node, std::string_view re) {
  json m = {{"type", "moved"}, {"table", table}, {"node", node}};
  if (!re.empty()) m["re"] = re;
  return dump(m);
}

std::string lobby_http(std::span<const TableOut> tables) {
  json list = json::array();
  for (const TableOut& t : tables) list.push_back(lobby_entry(t, false));
  return dump({{"tables", list}});
}

std::string lobby(std::span<const TableOut> tables) {
  json list = json::array();
  for (const TableOut& t : tables) list.push_back(lobby_entry(t, true));
  return dump({{"type", "lobby"}, {"tables", list}});
}

std::string chat(std::string_view table, const ChatLine& line) {
  return dump(chat_json(table, line));
}

std::string chat_history(std::string_view table, std::span<const ChatLine> lines) {
  json a = json::array();
  for (const ChatLine& l : lines) a.push_back(chat_json(table, l));
  return dump({{"type", "chat_history"}, {"table", table}, {"lines", a}});
}

std::string player_info(const PlayerRecord& card, bool is_friend) {
  return dump({{"type", "player_info"},
               {"player", card.id},
               {"name", card.name},
               {"since_ms", card.since_ms > 0 ? json(card.since_ms) : json(nullptr)},
               {"matches_played", card.stats.matches_played},
               {"matches_won", card.stats.matches_won},
               {"games_won", card.stats.games_won},
               {"ordagos_won", card.stats.ordagos_won},
               {"friend", is_friend}});
}

std::string friends(std::span<const FriendOut> list) {
  return dump({{"type", "friends"}, {"friends", friends_json(list)}});
}

}  // namespace out

}  // namespace mus_server
