#pragma once
// A small XML well-formedness check for the SVG tests: one root element,
// matching start and end tags, quoted attributes without '<', known
// entities, comments and processing instructions.

#include <cctype>
#include <string>
#include <vector>

namespace transit::test {

inline bool valid_entity(const std::string& s, std::size_t at, std::size_t& end) {
  end = s.find(';', at);
  if (end == std::string::npos || end - at > 10) return false;
  const std::string name = s.substr(at + 1, end - at - 1);
  if (name == "amp" || name == "lt" || name == "gt" || name == "quot" || name == "apos")
    return true;
  return name.size() > 1 && name[0] == '#';
}

inline bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' ||
         c == '.';
}

// True when `xml` is well formed; otherwise `error` says where it is not.
inline bool well_formed_xml(const std::string& xml, std::string& error) {
  std::vector<std::string> open;
  int roots = 0;
  std::size_t i = 0;
  const auto fail = [&](const std::string& what) {
    error = what + " at offset " + std::to_string(i);
    return false;
  };
  while (i < xml.size()) {
    if (xml[i] == '&') {
      std::size_t end = 0;
      if (!valid_entity(xml, i, end)) return fail("bad entity");
      i = end + 1;
      continue;
    }
    if (xml[i] != '<') {
      if (open.empty() && !std::isspace(static_cast<unsigned char>(xml[i])))
        return fail("text outside the root");
      ++i;
      continue;
    }
    if (xml.compare(i, 4, "<!--") == 0 || xml.compare(i, 2, "<?") == 0) {
      const bool comment = xml[i + 1] == '!';
      const std::size_t end = xml.find(comment ? "-->" : "?>", i);
      if (end == std::string::npos) return fail("unclosed comment or declaration");
      i = end + (comment ? 3 : 2);
      continue;
    }
    const bool closing = xml[i + 1] == '/';
    std::size_t k = i + (closing ? 2 : 1);
    const std::size_t name_start = k;
    while (k < xml.size() && name_char(xml[k])) ++k;
    const std::string name = xml.substr(name_start, k - name_start);
    if (name.empty()) return fail("tag without a name");
    bool self_closing = false;
    while (k < xml.size() && xml[k] != '>') {
      if (xml[k] == '/' && k + 1 < xml.size() && xml[k + 1] == '>') {
        self_closing = true;
        ++k;
        break;
      }
      if (std::isspace(static_cast<unsigned char>(xml[k]))) {
        ++k;
        continue;
      }
      const std::size_t attr = k;
      while (k < xml.size() && name_char(xml[k])) ++k;
      if (k == attr || closing || xml[k] != '=' || (xml[k + 1] != '"' && xml[k + 1] != '\''))
        return fail("bad attribute in <" + name + ">");
      const char quote = xml[k + 1];
      const std::size_t end = xml.find(quote, k + 2);
      if (end == std::string::npos) return fail("unclosed attribute value");
      for (std::size_t c = k + 2; c < end; ++c) {
        if (xml[c] == '<') return fail("'<' in an attribute value");
        std::size_t e = 0;
        if (xml[c] == '&' && !valid_entity(xml, c, e)) return fail("bad entity in an attribute");
      }
      k = end + 1;
    }
    if (k >= xml.size()) return fail("unclosed tag <" + name + ">");
    if (closing) {
      if (open.empty() || open.back() != name) return fail("unmatched </" + name + ">");
      open.pop_back();
    } else if (!self_closing) {
      if (open.empty()) ++roots;
      open.push_back(name);
    } else if (open.empty()) {
      ++roots;
    }
    i = k + 1;
  }
  if (!open.empty()) return fail("<" + open.back() + "> is never closed");
  if (roots != 1) return fail("not exactly one root element");
  return true;
}

}  // namespace transit::test
