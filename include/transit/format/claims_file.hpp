#pragma once
// Claims files ("transit-claims/1": what clients said their characters did)
// and claim results ("transit-claim-results/1"), docs/server.md.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "transit/desc/scene_desc.hpp"
#include "transit/server/movement_check.hpp"

namespace transit {

/// One claim as the file gives it: time (s), position, motion held since
/// the character's last claim (stop when not given), and optionally the
/// changes of controls the server received since then.
struct ClaimDesc {
  double t = 0.0;
  PositionDesc position;
  ClaimedMotion motion;
  std::vector<MotionChange> changes = {};
};

/// Each character's claims, in time order, by name.
struct ClaimsDesc {
  std::map<std::string, std::vector<ClaimDesc>> claims;
};

/// Throws InputError "<file>: <JSON pointer>: <what>, got <value>"; claims
/// must be in time order per character.
ClaimsDesc read_claims_file(const std::filesystem::path& file);
ClaimsDesc parse_claims(const std::string& json_text, const std::string& source_name);
/// The "transit-claims/1" document of `claims`.
std::string write_claims(const ClaimsDesc& claims);

/// One claim's answer as results files give it.
struct ClaimOutcome {
  double t = 0.0;
  ClaimVerdict verdict = ClaimVerdict::Accepted;
  std::string reason;
  Position forced;  ///< when rejected
};

/// The "transit-claim-results/1" document: per character its outcomes, and
/// a summary of verdicts.
std::string write_claim_results(const std::map<std::string, std::vector<ClaimOutcome>>& results);

}  // namespace transit
