#include "transit/dat/dat_archive.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "dat/dat_stream.hpp"
#include "dat/mapped_file.hpp"
#include "transit/math/input_error.hpp"

namespace transit::dat {

namespace {

// No retail directory comes near this depth (61 entries a node); deeper is
// a loop.
constexpr int kMaxDirectoryDepth = 24;
constexpr std::uint32_t kMinBlockSize = 16;
constexpr std::uint32_t kMaxBlockSize = 1u << 20;

std::uint32_t u32_at(std::string_view bytes, std::size_t at) {
  std::uint32_t v;
  std::memcpy(&v, bytes.data() + at, 4);
  return v;
}

DatHeader read_header(std::string_view bytes, const std::string& name) {
  if (bytes.size() < kHeaderOffset + kHeaderBytes)
    throw InputError(fmt::format("{}: not an Asheron's Call data file: {} bytes, too short for its "
                                 "header at byte 0x140", name, bytes.size()));
  DatStream s(bytes.substr(kHeaderOffset, kHeaderBytes), name + ": header");
  DatHeader h;
  h.magic = s.u32();
  h.block_size = s.u32();
  h.file_size = s.u32();
  h.data_set = s.u32();
  h.data_subset = s.u32();
  h.free_head = s.u32();
  h.free_tail = s.u32();
  h.free_count = s.u32();
  h.root = s.u32();
  h.new_lru = s.u32();
  h.old_lru = s.u32();
  h.use_lru = s.u32();
  h.master_map = s.u32();
  h.engine_version = s.u32();
  h.game_version = s.u32();
  for (auto& b : h.version_major) b = s.u8();
  h.version_minor = s.u32();
  return h;
}

void check_header(const DatHeader& h, std::size_t actual, const std::string& name) {
  if (h.magic != kDatMagic)
    throw InputError(fmt::format("{}: not an Asheron's Call data file: magic 0x{:X} at byte 0x140, "
                                 "expected 0x{:X}", name, h.magic, kDatMagic));
  if (h.block_size < kMinBlockSize || h.block_size > kMaxBlockSize)
    throw InputError(fmt::format("{}: corrupt header: block size {} (retail uses 256 and 1024)", name,
                                 h.block_size));
  if (h.data_set < 1 || h.data_set > 4)
    throw InputError(fmt::format("{}: unknown data set {} (1 portal, 2 cell, 3 language, 4 high-res)",
                                 name, h.data_set));
  if (actual < h.file_size)
    throw InputError(fmt::format("{}: truncated: the header gives {} bytes, the file has {}", name,
                                 h.file_size, actual));
  if (h.root == 0 || h.root > actual - std::min<std::size_t>(actual, h.block_size))
    throw InputError(fmt::format("{}: corrupt header: directory root at byte {} of {}", name, h.root,
                                 actual));
}

}  // namespace

struct DatArchive::Node {
  std::array<std::uint32_t, kDirectoryBranches> branches{};
  std::uint32_t count = 0;
  std::array<DatEntry, kDirectoryEntries> entries{};
  bool internal() const { return branches[0] != 0; }
};

DatArchive::DatArchive(std::string name, std::shared_ptr<const void> owner, std::string_view bytes)
    : name_(std::move(name)), owner_(std::move(owner)), bytes_(bytes), header_(read_header(bytes_, name_)) {
  check_header(header_, bytes_.size(), name_);
}

DatArchive DatArchive::open(const std::filesystem::path& file) {
  auto mapped = std::make_shared<const MappedFile>(file);
  const std::string_view bytes = mapped->view();
  return DatArchive(file.string(), std::move(mapped), bytes);
}

DatArchive DatArchive::from_bytes(std::string name, std::string bytes) {
  auto owned = std::make_shared<const std::string>(std::move(bytes));
  const std::string_view view = *owned;
  return DatArchive(std::move(name), std::move(owned), view);
}

std::string DatArchive::file_label(std::uint32_t id) const {
  return fmt::format("{}: file 0x{:08X}", name_, id);
}

// A chain: each block's first 4 bytes link to the next, the rest is data.
std::string DatArchive::chain(std::uint32_t offset, std::uint32_t size, const std::string& what) const {
  const std::uint32_t bs = header_.block_size;
  const std::uint64_t blocks = bytes_.size() / bs;
  if (size > blocks * (bs - 4))
    throw InputError(fmt::format("{}: size {} is more than the file's {} blocks can hold", what, size,
                                 blocks));
  std::string out;
  out.reserve(size);
  std::uint32_t at = offset;
  while (out.size() < size) {
    if (at == 0 || at > bytes_.size() || bytes_.size() - at < bs)
      throw InputError(fmt::format("{}: block at byte {} lies outside the file ({} bytes), after {} of "
                                   "{} bytes", what, at, bytes_.size(), out.size(), size));
    const std::size_t take = std::min<std::size_t>(size - out.size(), bs - 4);
    out.append(bytes_.data() + at + 4, take);
    at = u32_at(bytes_, at);
  }
  return out;
}

DatArchive::Node DatArchive::node_at(std::uint32_t offset) const {
  const std::string label = fmt::format("{}: directory node at byte {}", name_, offset);
  const std::string bytes = chain(offset, kDirectoryNodeBytes, label);
  DatStream s(bytes, label);
  Node node;
  for (auto& b : node.branches) b = s.u32();
  node.count = s.u32();
  if (node.count > kDirectoryEntries)
    throw InputError(fmt::format("{}: {} entries, at most {}", label, node.count, kDirectoryEntries));
  for (DatEntry& e : node.entries) {
    e.flags = s.u32();
    e.id = s.u32();
    e.offset = s.u32();
    e.size = s.u32();
    e.time = s.u32();
    e.iteration = s.u32();
  }
  for (std::uint32_t i = 1; i < node.count; ++i)
    if (node.entries[i].id <= node.entries[i - 1].id)
      throw InputError(fmt::format("{}: entries out of order (0x{:08X} after 0x{:08X})", label,
                                   node.entries[i].id, node.entries[i - 1].id));
  if (node.internal())
    for (std::uint32_t i = 0; i <= node.count; ++i)
      if (node.branches[i] == 0)
        throw InputError(fmt::format("{}: branch {} of {} is missing", label, i, node.count + 1));
  return node;
}

std::optional<DatEntry> DatArchive::find(std::uint32_t id) const {
  std::uint32_t offset = header_.root;
  for (int depth = 0; depth < kMaxDirectoryDepth; ++depth) {
    const Node node = node_at(offset);
    const auto end = node.entries.begin() + node.count;
    const auto it = std::lower_bound(node.entries.begin(), end, id,
                                     [](const DatEntry& e, std::uint32_t v) { return e.id < v; });
    if (it != end && it->id == id) return *it;
    if (!node.internal()) return std::nullopt;
    offset = node.branches[static_cast<std::size_t>(it - node.entries.begin())];
  }
  throw InputError(fmt::format("{}: the directory is deeper than {} levels (a loop?)", name_,
                               kMaxDirectoryDepth));
}

std::string DatArchive::read(const DatEntry& entry) const {
  return chain(entry.offset, entry.size, file_label(entry.id));
}

std::optional<std::string> DatArchive::read_if_present(std::uint32_t id) const {
  const std::optional<DatEntry> entry = find(id);
  if (!entry) return std::nullopt;
  return read(*entry);
}

std::string DatArchive::read(std::uint32_t id) const {
  std::optional<std::string> bytes = read_if_present(id);
  if (!bytes) throw InputError(fmt::format("{}: no such file in the directory", file_label(id)));
  return std::move(*bytes);
}

void DatArchive::visit(std::uint32_t offset, std::uint32_t first, std::uint32_t last, int depth,
                       std::size_t& nodes, const std::function<void(const DatEntry&)>& fn) const {
  // Every node takes a chain of its own, so a directory of more nodes than
  // the file has blocks revisits one.
  if (depth >= kMaxDirectoryDepth || ++nodes > bytes_.size() / header_.block_size)
    throw InputError(fmt::format("{}: the directory loops (node at byte {})", name_, offset));
  const Node node = node_at(offset);
  for (std::uint32_t i = 0; i <= node.count; ++i) {
    // Branch i holds the ids between entries i-1 and i.
    const bool above_lower = i == 0 || node.entries[i - 1].id < last;
    const bool below_upper = i == node.count || node.entries[i].id > first;
    if (node.internal() && above_lower && below_upper)
      visit(node.branches[i], first, last, depth + 1, nodes, fn);
    if (i < node.count && node.entries[i].id >= first && node.entries[i].id <= last) fn(node.entries[i]);
  }
}

void DatArchive::for_each_entry(std::uint32_t first, std::uint32_t last,
                                const std::function<void(const DatEntry&)>& fn) const {
  std::size_t nodes = 0;
  if (first <= last) visit(header_.root, first, last, 0, nodes, fn);
}

std::vector<DatEntry> DatArchive::entries(std::uint32_t first, std::uint32_t last) const {
  std::vector<DatEntry> out;
  for_each_entry(first, last, [&](const DatEntry& e) { out.push_back(e); });
  return out;
}

}  // namespace transit::dat
