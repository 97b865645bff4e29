#pragma once
// A whole file mapped read-only: large files (baked worlds, retail data)
// are read in place instead of copied out of the page cache.

#include <filesystem>
#include <string_view>

namespace transit {

class MappedFile {
 public:
  // Throws InputError "<file>: cannot open the file" / "cannot read the file".
  explicit MappedFile(const std::filesystem::path& file);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  std::string_view view() const;

 private:
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace transit
