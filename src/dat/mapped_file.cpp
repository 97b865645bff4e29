#include "dat/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "transit/math/input_error.hpp"

namespace transit {

MappedFile::MappedFile(const std::filesystem::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(fmt::format("{}: cannot open the file", file.string()));
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) size_ = static_cast<std::size_t>(st.st_size);
  if (size_ > 0) data_ = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (data_ == MAP_FAILED) {
    data_ = nullptr;
    throw InputError(fmt::format("{}: cannot read the file", file.string()));
  }
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(data_, size_);
}

std::string_view MappedFile::view() const {
  return data_ ? std::string_view(static_cast<const char*>(data_), size_) : std::string_view();
}

}  // namespace transit
