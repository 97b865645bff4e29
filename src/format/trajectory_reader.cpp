#include "transit/format/trajectory_reader.hpp"

#include <fmt/format.h>

#include "format/json_cursor.hpp"
#include "format/result_json.hpp"

namespace transit {

namespace {

constexpr std::string_view kFormat = "transit-trajectory/1";

template <typename Enum, typename Name>
Enum named(const JsonCursor& j, Enum last, Name name_of, const char* what) {
  const std::string name = j.as_string();
  for (int i = 0; i <= static_cast<int>(last); ++i)
    if (name == name_of(static_cast<Enum>(i))) return static_cast<Enum>(i);
  j.fail(fmt::format("not a known {}", what));
}

TrajectorySample read_sample(const JsonCursor& j) {
  j.expect_object({"t", "position", "velocity", "contact", "on_walkable", "heading",
                   "contact_plane", "sliding_normal", "status"});
  TrajectorySample s;
  s.t = j.field("t").as_double();
  s.position = read_result_position(j.field("position"));
  s.velocity = j.field("velocity").as_vec3();
  s.contact = j.field("contact").as_bool();
  s.on_walkable = j.field("on_walkable").as_bool();
  if (auto h = j.optional_field("heading")) {
    s.heading = h->as_float();
    s.position.frame.set_heading(s.heading);
  }
  s.contact_plane = read_result_plane(j, "contact_plane");
  s.sliding_normal = read_result_optional_vec(j, "sliding_normal");
  if (auto st = j.optional_field("status"))
    s.status = named(*st, MoveStatus::InvalidInput, [](MoveStatus m) { return to_string(m); },
                     "status");
  return s;
}

SimEvent read_event(const JsonCursor& j, std::size_t character) {
  j.expect_object({"t", "event", "object", "cell"});
  SimEvent e;
  e.t = j.field("t").as_double();
  e.character = character;
  e.kind = named(j.field("event"), SimEventKind::TeleportedHome,
                 [](SimEventKind k) { return to_string(k); }, "event");
  if (auto o = j.optional_field("object")) e.id = o->as_id();
  if (auto c = j.optional_field("cell")) e.id = c->as_id();
  return e;
}

Trajectory read_document(const JsonCursor& root) {
  root.expect_object({"format", "dt", "characters", "events", "summary"});
  const JsonCursor format = root.field("format");
  if (format.as_string() != kFormat) format.fail(fmt::format("expected \"{}\"", kFormat));
  Trajectory t;
  const JsonCursor dt = root.field("dt");
  t.dt = dt.as_double();
  if (!(t.dt > 0.0)) dt.fail("a frame time must be positive");
  std::size_t longest = 0;
  for (const auto& [name, samples] : root.field("characters").members()) {
    CharacterTrack& track = t.characters.emplace_back(CharacterTrack{name, {}, {}, {}});
    for (const JsonCursor& s : samples.elements()) add_sample(track, read_sample(s), t.dt);
    if (track.samples.empty()) samples.fail_here("a character needs at least one sample");
    longest = std::max(longest, track.samples.size());
  }
  t.ticks = static_cast<long long>(longest) - 1;
  if (auto events = root.optional_field("events"))
    for (const auto& [name, list] : events->members()) {
      std::size_t c = 0;
      while (c < t.characters.size() && t.characters[c].name != name) ++c;
      if (c == t.characters.size()) list.fail_here("events of a character with no samples");
      for (const JsonCursor& e : list.elements()) add_event(t.characters[c], read_event(e, c));
    }
  return t;
}

}  // namespace

Trajectory parse_trajectory(const std::string& json_text, const std::string& source_name) {
  const nlohmann::json doc = parse_json_document(json_text, source_name);
  return read_document(JsonCursor(doc, source_name));
}

Trajectory read_trajectory_file(const std::filesystem::path& file) {
  return parse_trajectory(read_text_file(file), file.string());
}

}  // namespace transit
