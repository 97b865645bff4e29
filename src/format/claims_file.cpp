#include "transit/format/claims_file.hpp"

#include <fmt/format.h>

#include "format/desc_json.hpp"
#include "format/json_cursor.hpp"
#include "format/result_json.hpp"

namespace transit {

namespace {

using nlohmann::ordered_json;

constexpr const char* kClaimsFormat = "transit-claims/1";

ClaimedMotion read_motion(const JsonCursor& c) {
  c.expect_object({"forward", "strafe", "jumped", "jump_extent"});
  ClaimedMotion m;
  if (auto f = c.optional_field("forward")) m.forward = read_forward(*f);
  if (auto s = c.optional_field("strafe")) m.strafe = read_strafe(*s);
  if (auto j = c.optional_field("jumped")) m.jumped = j->as_bool();
  if (auto e = c.optional_field("jump_extent")) {
    m.jump_extent = e->as_float();
    if (m.jump_extent < 0.0f || m.jump_extent > 1.0f) e->fail("must be 0..1");
  }
  return m;
}

ClaimDesc read_claim(const JsonCursor& c) {
  c.expect_object({"t", "position", "motion"});
  ClaimDesc d;
  d.t = c.field("t").as_double();
  d.position = read_position(c.field("position"));
  if (auto m = c.optional_field("motion")) d.motion = read_motion(*m);
  return d;
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
      items.push_back(ordered_json{{"t", result_time(c.t)}, {"position", position_json(c.position)}, {"motion", motion}});
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
