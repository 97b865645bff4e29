#pragma once
// The replay page: one self-contained HTML file (three.js and the page's
// script bundled at build time, docs/viewer.md) with a ReplayData in it.

#include <string>

#include "view/replay_data.hpp"

namespace transit::view {

/// Whether this build has the page (it needs Node.js and the viewer's npm
/// packages when transit is built: bash scripts/install-deps).
bool replay_page_available();

/// How to get a build with the page, for the message of a build without it.
const char* replay_page_missing_help();

/// The page with `data` in it. Throws std::runtime_error (with
/// replay_page_missing_help) when this build has no page.
std::string replay_page(const ReplayData& data);

/// Standard base64 (RFC 4648, with padding).
std::string base64(const std::string& bytes);

}  // namespace transit::view
