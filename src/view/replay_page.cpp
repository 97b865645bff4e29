#include "view/replay_page.hpp"

#include <cstddef>
#include <stdexcept>
#include <string_view>

namespace transit::view {

// Written at build time by viewer/build.mjs (or an empty stand-in when the
// build had no Node.js): the page in pieces, with kDataMarker where the data goes.
extern const char* const kViewerPageParts[];
extern const std::size_t kViewerPagePartCount;

namespace {

constexpr std::string_view kDataMarker = "<!--TRANSIT_DATA-->";

std::string page_template() {
  std::string page;
  for (std::size_t i = 0; i < kViewerPagePartCount; ++i) page += kViewerPageParts[i];
  return page;
}

// JSON inside a <script> element must not close it.
std::string script_safe(std::string json) {
  for (std::size_t at = json.find("</"); at != std::string::npos; at = json.find("</", at + 3))
    json.replace(at, 2, "<\\/");
  return json;
}

}  // namespace

bool replay_page_available() { return kViewerPagePartCount > 0; }

const char* replay_page_missing_help() {
  return "this transit was built without the replay page (Node.js and the viewer's npm packages "
         "were missing): run `bash scripts/install-deps`, then build again (`make build`)";
}

std::string base64(const std::string& bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 |
                       static_cast<unsigned char>(bytes[i + 1]) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift : {18, 12, 6, 0}) out += kDigits[(v >> shift) & 63];
  }
  if (i < bytes.size()) {
    const bool two = i + 1 < bytes.size();
    const unsigned v = static_cast<unsigned char>(bytes[i]) << 16 |
                       (two ? static_cast<unsigned char>(bytes[i + 1]) << 8 : 0u);
    out += kDigits[(v >> 18) & 63];
    out += kDigits[(v >> 12) & 63];
    out += two ? kDigits[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string replay_page(const ReplayData& data) {
  if (!replay_page_available()) throw std::runtime_error(replay_page_missing_help());
  std::string page = page_template();
  const std::size_t at = page.find(kDataMarker);
  if (at == std::string::npos) throw std::logic_error("replay page template without a data marker");
  const std::string scripts =
      "<script id=\"transit-header\" type=\"application/json\">" + script_safe(data.header_json) +
      "</script>\n<script id=\"transit-blob\" type=\"application/octet-stream\">" +
      base64(data.blob) + "</script>\n";
  page.replace(at, kDataMarker.size(), scripts);
  return page;
}

}  // namespace transit::view
