// The protocol unit of mus-server (docs/protocol.md): each client message is parsed once into
// a typed value (a std::variant of small structs), refused there when a field is missing, of
// the wrong type or out of range; each server message is written by one function. The rest
// of the server never reads or writes protocol JSON itself.
#ifndef MUS_SERVER_PROTOCOL_HPP
#define MUS_SERVER_PROTOCOL_HPP

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <mus/mus.hpp>

#include "server_types.hpp"
#include "settings.hpp"
#include "store.hpp"

namespace mus_server {

// ---- client to server ----------------------------------------------------------------------

namespace in {

/// `hello`: a new player (name) or a returning one (token).
struct Hello {
  std::optional<std::string> name;   ///< Checked: 1..32 bytes, no control characters.
  std::optional<std::string> token;  ///< A resume token, unchecked.
  ViewForm view = ViewForm::full;    ///< How this connection receives views.
  bool tips = false;                 ///< This connection takes the library's tips.
};
/// `ping`.
struct Ping {
  nlohmann::json id;  ///< The id to echo (a number or a string), or null.
};
/// `create`.
struct Create {
  TableSettings settings;   ///< Read by the settings codec (without code and creator).
  std::optional<int> seat;  ///< A human seat to sit at at once.
};
/// A table named by id or by join code (`join`, `watch`).
struct TableRef {
  std::optional<std::string> table;  ///< The table id.
  std::optional<std::string> code;   ///< The join code.
};
/// `join`.
struct Join {
  TableRef where;           ///< The table.
  std::optional<int> seat;  ///< 0..3.
};
/// `watch`.
struct Watch {
  TableRef where;  ///< The table.
};
/// `act`: exactly one of an action id and a bet amount.
struct Act {
  std::string table;                  ///< The table id.
  std::int64_t seq = 0;               ///< The seq of the view it answers.
  std::optional<std::int64_t> action;  ///< An action id of the view's `legal` list...
  std::optional<std::int32_t> bet;     ///< ...or a bet or raise of this many points.
};
/// `leave`.
struct Leave {
  std::string table;  ///< The table id.
};

/// `gesture`: a signal to the partner (R33), at the seat's turn or not.
struct Gesture {
  std::string table;   ///< The table id.
  mus::Signal signal;  ///< The signal, by its library name.
};

/// `chat`: a line to the table (checked: valid UTF-8, 1..max_chat_chars code points, not only
/// spaces, no control character).
struct Chat {
  std::string table;  ///< The table id.
  std::string text;   ///< The line, as written.
};
/// `player_info`: a player's public card.
struct PlayerInfo {
  std::string player;  ///< The player id.
};
/// `add_friend`.
struct AddFriend {
  std::string player;  ///< The player id.
};
/// `remove_friend`.
struct RemoveFriend {
  std::string player;  ///< The player id.
};
/// `lobby`: the open public tables, friends' first.
struct Lobby {};
/// `tips`: this connection takes the library's tips from now on, or no longer.
struct Tips {
  bool on = false;  ///< Tips on.
};

/// One client message, parsed.
using Message = std::variant<Hello, Ping, Create, Join, Watch, Act, Leave, Gesture, Chat,
                             PlayerInfo, AddFriend, RemoveFriend, Lobby, Tips>;

/// The type names, in the order of Message's alternatives.
inline constexpr std::array<std::string_view, std::variant_size_v<Message>> type_names{
    "hello", "ping",        "create",     "join",          "watch", "act", "leave",
    "gesture", "chat", "player_info", "add_friend", "remove_friend", "lobby", "tips"};

/// The longest chat line, in code points.
inline constexpr std::size_t max_chat_chars = 200;

/**
 * @brief The type of a message: the index of its alternative in Message.
 * @param m The message as JSON.
 * @return The index. Refuses `bad_message` (not an object), `missing_field`, `wrong_type`
 *         and `unknown_type`.
 */
std::size_t message_type(const nlohmann::json& m);

/// @brief Whether a message of this type needs a hello first (all but hello and ping).
/// @param type The index from message_type().
/// @return True when the connection must have said hello.
bool needs_hello(std::size_t type);

/**
 * @brief Parses a message's fields, refusing `missing_field`, `wrong_type`, `bad_value` and
 *        (for create) the codes of the settings codec.
 * @param type The index from message_type().
 * @param m The message as JSON.
 * @param limits The server's limits (the clock of a create).
 * @return The message.
 */
Message parse(std::size_t type, const nlohmann::json& m, const Limits& limits);

}  // namespace in

/**
 * @brief Reads a text as UTF-8, strictly (no overlong forms, no surrogates, nothing past
 *        U+10FFFF), and counts its code points.
 * @param s The text.
 * @param has_control Set when a code point is a control character (Unicode category Cc:
 *        U+0000 to U+001F and U+007F to U+009F).
 * @param only_spaces Set when every code point is a space separator (Zs), or there is none.
 * @return The number of code points, or nothing when `s` is not valid UTF-8.
 */
std::optional<std::size_t> read_text(std::string_view s, bool& has_control, bool& only_spaces);

/// @brief A display name: 1 to 32 bytes of valid UTF-8 without control characters (Cc).
/// @param s The name.
/// @return Whether it is one.
bool good_name(const std::string& s);

// ---- server to client ----------------------------------------------------------------------

namespace out {

/// What the server itself says in a view's events (besides the library's events).
enum class Note : std::uint8_t { none, timeout, bot_for_away };

/// One entry of a table's event log, kept compact (JSON is made when a view is sent).
struct LogEntry {
  std::uint64_t seq = 0;   ///< The action (1-based) that caused it.
  Note note = Note::none;  ///< A server note (its seat in event.seat), or a library event.
  mus::Event event{};      ///< The library's event.
};

/// A seat as the `table` message and the lobby show it.
struct SeatOut {
  bool bot = false;                                ///< A bot seat.
  mus::BotKind bot_kind = mus::BotKind::heuristic;  ///< Its bot's kind.
  std::optional<mus::Level> level;                 ///< Its bot's level, when chosen by level.
  std::string player_id;                           ///< The person's player id (empty: free).
  std::string name;                                ///< The person's name (empty: free).
  bool taken = false;                              ///< A person sits here.
  bool connected = false;                          ///< That person is connected.
  bool bot_playing = false;                        ///< The bot plays this human seat now.
};

/// @brief A seat as its table's settings make it: a bot seat's kind and level, nobody sitting.
/// @param settings The table's settings.
/// @param seat The seat, 0..3.
SeatOut seat_of_settings(const TableSettings& settings, std::size_t seat);

/// A table as the `table` message and the lobby show it.
struct TableOut {
  std::string_view id;                     ///< The table id.
  const TableSettings* settings = nullptr;  ///< Its settings.
  std::array<SeatOut, 4> seats{};         ///< Its seats.
  bool started = false;                   ///< The match started.
  bool over = false;                      ///< The match is over (or the table closed).
  std::uint64_t seq = 0;                  ///< Actions so far.
  std::size_t spectators = 0;             ///< Connections watching.
  std::optional<int> to_act;              ///< The seat to act once started.
  std::optional<std::int64_t> deadline_ms;  ///< Time left on the clock of the seat to act.
  bool friends = false;                   ///< A friend of the asker sits here (`lobby` only).
};

/// What a `view` message holds.
struct ViewOut {
  std::string_view table;                   ///< The table id.
  std::uint64_t seq = 0;                    ///< Actions so far.
  int seat = -1;                            ///< 0..3, or -1 for a spectator.
  const mus::State* state = nullptr;        ///< The table's state.
  /// The view of `seat` (mus::view_of), or the spectators' (a seat's view without its hand).
  const mus::SeatView* seat_view = nullptr;
  ViewForm form = ViewForm::full;           ///< How the receiver takes views.
  /// The delta form: the view this receiver had (its `view_delta` holds what changed since);
  /// null for a receiver that has none (its `view_delta` holds every field).
  const mus::SeatView* base = nullptr;
  bool legal = false;     ///< List the legal actions and bet limits (this seat's person is to act).
  bool gestures = false;  ///< List the signals the seat may make (this seat's person plays it).
  /// The library's tips to add (mus::tips, for this seat to act, whose person asked for them);
  /// null: no `tips` field.
  const mus::Tips* tips = nullptr;
  std::optional<std::int64_t> deadline_ms;  ///< Time left on the clock of the seat to act.
  std::span<const LogEntry> events;         ///< The events to send.
  bool events_truncated = false;            ///< Older events were left out.
};

/// A friend as `friends` and `welcome` list it.
struct FriendOut {
  std::string_view player;  ///< The friend's player id.
  std::string_view name;    ///< The friend's name.
};

/// What a `welcome` message holds.
struct WelcomeOut {
  std::string_view player;           ///< The player id.
  std::string_view name;             ///< The name.
  std::string token;                 ///< The resume token.
  bool resumed = false;              ///< An existing player came back.
  std::vector<std::string> tables;   ///< The tables where the player sits.
  std::vector<FriendOut> friends;    ///< The player's friends.
  std::string node;                  ///< The node that answers, of several (empty: left out).
};

/// @brief `welcome`.
std::string welcome(const WelcomeOut& w);
/// @brief `table` (with the join code of a private table when `with_code`).
std::string table(const TableOut& t, bool with_code);
/// @brief `view` (written straight into its text: it is the message the server sends most),
///        in the receiver's form.
std::string view(const ViewOut& v);
/// @brief The view of seat -1: the public state, a seat's view without that seat's cards.
mus::SeatView spectator_view(const mus::State& s);
/// @brief `match_over`.
std::string match_over(std::string_view table, int winner);

/// One hand of a finished match, for its page: its events and its count.
struct MatchHand {
  std::vector<LogEntry> events;  ///< The hand's events, each with its action's number (seq).
  mus::HandSummary count{};      ///< The hand as the view's `last` holds it once it is over.
};
/// @brief `GET /matches/<id>.json`, what the match's page (match.html) draws: `table`, the
///        `rules` as text, who played each seat (`seats`, as the lobby lists them: a person's
///        `player` name, a bot's `bot` kind and `level`), the server's `levels` (as `welcome`
///        lists them) and `hands`, each with its `events` (as a view's) and its `count` (as a
///        view's `last`), so the page names them with the online table's words.
std::string match_data(std::string_view table, const mus::Rules& rules,
                       const std::array<SeatOut, 4>& seats, std::span<const MatchHand> hands);
/// @brief `left`.
std::string left(std::string_view table);
/// @brief `pong`, with the ping's id when it had one.
std::string pong(const nlohmann::json& id);
/// @brief `error`, naming the refused message's type in `re` when not empty.
std::string error(std::string_view code, std::string_view message, std::string_view re);
/// @brief `moved`: another node of the cluster serves this table (docs/server.md, "Several
///        machines"), naming the refused message's type in `re` when not empty.
std::string moved(std::string_view table, std::string_view node, std::string_view re);
/// @brief `GET /tables`: the public unfinished tables.
std::string lobby_http(std::span<const TableOut> tables);
/// @brief `lobby`: the same entries, each with `friends`, in the order given.
std::string lobby(std::span<const TableOut> tables);
/// @brief `chat`: one line of a table's chat.
std::string chat(std::string_view table, const ChatLine& line);
/// @brief `chat_history`: the table's last lines, oldest first.
std::string chat_history(std::string_view table, std::span<const ChatLine> lines);
/// @brief `player_info`: a player's public card (`friend`: the asker calls it a friend).
std::string player_info(const PlayerRecord& card, bool is_friend);
/// @brief `friends`: the asker's friends.
std::string friends(std::span<const FriendOut> list);

}  // namespace out

}  // namespace mus_server

#endif  // MUS_SERVER_PROTOCOL_HPP
