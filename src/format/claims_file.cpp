#include "transit/format/claims_file.hpp"

#include <cmath>

#include <fmt/format.h>

#include "format/desc_json.hpp"
#include "format/json_cursor.hpp"
#include "format/result_json.hpp"

namespace transit {

namespace {

using nlohmann::ordered_json;

constexpr const char* kClaimsFormat = "transit-claims/1";

float read_extent(const JsonCursor& e) {
  const float extent = e.as_float();
  if (extent < 0.0f || extent > 1.0f) e.fail("must be 0..1");
  return extent;
}

ClaimedMotion read_motion(const JsonCursor& c) {
  c.expect_object({"forward", "strafe", "jumped", "jump_extent"});
  ClaimedMotion m;
  if (auto f = c.optional_field("forward")) m.forward = read_forward(*f);
  if (auto s = c.optional_field("strafe")) m.strafe = read_strafe(*s);
  if (auto j = c.optional_field("jumped")) m.jumped = j->as_bool();
  if (auto e = c.optional_field("jump_extent")) m.jump_extent = read_extent(*e);
  return m;
}

// A change of controls (retail's MoveToState), received at or before its
// claim and not before the change before it.
MotionChange read_change(const JsonCursor& c, double claim_t, const MotionChange* before) {
  c.expect_object({"t", "forward", "strafe", "turn", "jumped", "jump_extent"});
  MotionChange m;
  m.t = c.field("t").as_double();
  if (m.t < 0.0) c.field("t").fail("must be >= 0");
  if (m.t > claim_t) c.field("t").fail(fmt::format("a change must not be after its claim (t {})", claim_t));
  if (before && m.t < before->t) c.field("t").fail("changes must be in time order");
  if (auto f = c.optional_field("forward")) m.forward = read_forward(*f);
  if (auto s = c.optional_field("strafe")) m.strafe = read_strafe(*s);
  if (auto turn = c.optional_field("turn")) {
    m.turn_deg_per_s = turn->as_float();
    if (std::abs(m.turn_deg_per_s) > kMaxChangeTurnDegPerS)
      turn->fail(fmt::format("must be -{0:.0f}..{0:.0f} degrees a second", kMaxChangeTurnDegPerS));
  }
  if (auto j = c.optional_field("jumped")) m.jumped = j->as_bool();
  if (auto e = c.optional_field("jump_extent")) m.jump_extent = read_extent(*e);
  return m;
}

ClaimDesc read_claim(const JsonCursor& c) {
  c.expect_object({"t", "position", "motion", "changes"});
  ClaimDesc d;
  d.t = c.field("t").as_double();
  d.position = read_position(c.field("position"));
  if (auto m = c.optional_field("motion")) d.motion = read_motion(*m);
  if (auto changes = c.optional_field("changes"))
    for (const JsonCursor& change : changes->elements())
      d.changes.push_back(read_change(change, d.t, d.changes.empty() ? nullptr : &d.changes.back()));
  return d;
}

ordered_json changes_json(const std::vector<MotionChange>& changes) {
  ordered_json out = ordered_json::array();
  for (const MotionChange& m : changes) {
    ordered_json j{{"t", result_time(m.t)}, {"forward", to_string(m.forward)}};
    if (m.strafe != StrafeInput::Stop) j["strafe"] = to_string(m.strafe);
    if (m.turn_deg_per_s != 0.0f) j["turn"] = float_json(m.turn_deg_per_s);
    if (m.jumped) j["jumped"] = true;
    if (m.jumped && m.jump_extent != 1.0f) j["jump_extent"] = float_json(m.jump_extent);
    out.push_back(j);
  }
  return out;
}

}  // namespace

ClaimsDesc parse_claims(const std::string& json_text, const std::string& source_name) {
  const nlohmann::json doc = parse_json_document(json_text, source_name);
  const JsonCursor root(doc, source_name);
  root.expect_object({"format", "claims"});
  check_format_field(root, kClaimsFormat);
  ClaimsDesc out;
  for (const auto& [name, list] : root.field("claims").members()) {
    std::vector<ClaimDesc>& claims = out.claims[name];
    for (const JsonCursor& c : list.elements()) {
      claims.push_back(read_claim(c));
      if (claims.size() > 1 && !(claims.back().t > claims[claims.size() - 2].t))
        c.field("t").fail("claims must be in time order, each later than the one before");
      if (claims.back().t < 0.0) c.field("t").fail("must be >= 0");
    }
  }
  return out;
}

ClaimsDesc read_claims_file(const std::filesystem::path& file) {
  return parse_claims(read_text_file(file), file.string());
}

std::string write_claims(const ClaimsDesc& claims) {
  ordered_json all = ordered_json::object();
  for (const auto& [name, list] : claims.claims) {
    ordered_json items = ordered_json::array();
    for (const ClaimDesc& c : list) {
      ordered_json motion{{"forward", to_string(c.motion.forward)}};
      if (c.motion.strafe != StrafeInput::Stop) motion["strafe"] = to_string(c.motion.strafe);
      if (c.motion.jumped) motion["jumped"] = true;
      if (c.motion.jumped && c.motion.jump_extent != 1.0f) motion["jump_extent"] = float_json(c.motion.jump_extent);
      ordered_json item{{"t", result_time(c.t)}, {"position", position_json(c.position)}, {"motion", motion}};
      if (!c.changes.empty()) item["changes"] = changes_json(c.changes);
      items.push_back(item);
    }
    all[name] = items;
  }
  return pretty_json(ordered_json{{"format", kClaimsFormat}, {"claims", all}});
}

std::string write_claim_results(const std::map<std::string, std::vector<ClaimOutcome>>& results) {
  ordered_json all = ordered_json::object();
  long claims = 0, accepted = 0;
  std::map<std::string, long> rejected;
  for (const auto& [name, list] : results) {
    ordered_json items = ordered_json::array();
    for (const ClaimOutcome& o : list) {
      ++claims;
      ordered_json j{{"t", result_time(o.t)}, {"verdict", to_string(o.verdict)}};
      if (o.verdict == ClaimVerdict::Accepted) {
        ++accepted;
      } else {
        ++rejected[to_string(o.verdict)];
        j["reason"] = o.reason;
        j["forced"] = result_position_json(o.forced);
      }
      items.push_back(j);
    }
    all[name] = items;
  }
  ordered_json by_reason = ordered_json::object();
  for (const auto& [reason, n] : rejected) by_reason[reason] = n;
  const ordered_json summary{{"claims", claims}, {"accepted", accepted}, {"rejected", by_reason}};
  return ordered_json{{"format", "transit-claim-results/1"}, {"results", all}, {"summary", summary}}.dump(2) + "\n";
}

}  // namespace transit
