#pragma once
// A retail Asheron's Call data file (client_cell_1.dat, client_portal.dat):
// the container. A header at byte 0x140; the file's space cut into blocks
// whose first 4 bytes give the offset of the next block of the same chain;
// a B-tree directory whose nodes, each one chain, list (id, offset, size)
// entries in ascending id order (docs/retail-data.md).

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace transit::dat {

/// Where the header starts, and its magic number ('TB').
inline constexpr std::size_t kHeaderOffset = 0x140;
inline constexpr std::uint32_t kDatMagic = 0x5442;
/// A directory node: 62 branch offsets, the entry count, 61 entries.
inline constexpr std::size_t kDirectoryBranches = 62;
inline constexpr std::size_t kDirectoryEntries = 61;
inline constexpr std::size_t kDirectoryEntryBytes = 24;
inline constexpr std::size_t kDirectoryNodeBytes =
    kDirectoryBranches * 4 + 4 + kDirectoryEntries * kDirectoryEntryBytes;

/// The data set a file holds (the header's data-set word).
enum class DataSet : std::uint32_t { Portal = 1, Cell = 2, Language = 3, HighRes = 4 };

/// The header fields physics reading needs, as stored.
struct DatHeader {
  std::uint32_t magic = 0;
  std::uint32_t block_size = 0;  ///< bytes a block, its 4-byte link included
  std::uint32_t file_size = 0;   ///< bytes the file should have
  std::uint32_t data_set = 0;    ///< a DataSet value
  std::uint32_t data_subset = 0;
  std::uint32_t free_head = 0, free_tail = 0, free_count = 0;
  std::uint32_t root = 0;  ///< offset of the directory's root node
  std::uint32_t new_lru = 0, old_lru = 0, use_lru = 0, master_map = 0;
  std::uint32_t engine_version = 0, game_version = 0;
  std::array<std::uint8_t, 16> version_major{};
  std::uint32_t version_minor = 0;
};
/// Bytes of DatHeader as stored.
inline constexpr std::size_t kHeaderBytes = 80;

/// A directory entry: one file of the container.
struct DatEntry {
  std::uint32_t flags = 0;
  std::uint32_t id = 0;
  std::uint32_t offset = 0;  ///< first block of its chain
  std::uint32_t size = 0;    ///< bytes of the file
  std::uint32_t time = 0;
  std::uint32_t iteration = 0;
};

/// An open data file. Reading is const and thread-safe. Every offset, size
/// and link is checked against the file: a bad one is an InputError naming
/// the file, the id (where there is one) and what was wrong; a directory
/// that loops is caught by its depth and node count.
class DatArchive {
 public:
  /// Maps the file read-only. Throws InputError for a missing, truncated
  /// or foreign file (magic, block size, data set, root).
  static DatArchive open(const std::filesystem::path& file);
  /// The same over bytes in memory (tests, fuzzing); `name` names it in errors.
  static DatArchive from_bytes(std::string name, std::string bytes);

  const std::string& name() const { return name_; }
  const DatHeader& header() const { return header_; }
  DataSet data_set() const { return static_cast<DataSet>(header_.data_set); }

  /// The entry of file `id`, or nothing.
  std::optional<DatEntry> find(std::uint32_t id) const;
  /// The bytes of file `id`; throws InputError when there is none.
  std::string read(std::uint32_t id) const;
  /// The bytes of file `id`, or nothing when there is none.
  std::optional<std::string> read_if_present(std::uint32_t id) const;
  /// The bytes of an entry's chain.
  std::string read(const DatEntry& entry) const;
  /// Calls `fn` for every entry with first <= id <= last, in id order.
  void for_each_entry(std::uint32_t first, std::uint32_t last,
                      const std::function<void(const DatEntry&)>& fn) const;
  /// The entries with first <= id <= last, in id order.
  std::vector<DatEntry> entries(std::uint32_t first = 0, std::uint32_t last = 0xFFFFFFFFu) const;

 private:
  struct Node;
  DatArchive(std::string name, std::shared_ptr<const void> owner, std::string_view bytes);
  std::string chain(std::uint32_t offset, std::uint32_t size, const std::string& what) const;
  Node node_at(std::uint32_t offset) const;
  void visit(std::uint32_t offset, std::uint32_t first, std::uint32_t last, int depth,
             std::size_t& nodes, const std::function<void(const DatEntry&)>& fn) const;
  std::string file_label(std::uint32_t id) const;

  std::string name_;
  std::shared_ptr<const void> owner_;  ///< keeps the mapping or the bytes alive
  std::string_view bytes_;
  DatHeader header_;
};

}  // namespace transit::dat
