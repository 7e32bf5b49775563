// The tests' one temporary directory: made fresh for one test under the system's
// temporary directory ($TMPDIR, else /tmp), mode 0755 so the sandbox's users can read
// the packages and programs a test puts there, and removed with everything in it when
// the object goes (a folder the test made unreadable included). Not copyable; one
// thread at a time.
#ifndef JUDGE_TESTS_SUPPORT_TEMP_DIR_H_
#define JUDGE_TESTS_SUPPORT_TEMP_DIR_H_

#include <stdlib.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include "support/files.h"

namespace judge::testing_support {

class TempDir {
 public:
  TempDir() {
    std::string name = (std::filesystem::temp_directory_path() / "judge-test-XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr) std::abort();  // no test can run without it
    ::chmod(name.c_str(), 0755);
    path_ = name;
  }
  ~TempDir() {
    std::error_code ignored;  // a leftover temporary directory fails no test
    for (auto it = std::filesystem::recursive_directory_iterator(
             path_, std::filesystem::directory_options::skip_permission_denied, ignored);
         it != std::filesystem::recursive_directory_iterator(); it.increment(ignored)) {
      if (it->is_directory(ignored) && !it->is_symlink(ignored))
        std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all,
                                     std::filesystem::perm_options::add, ignored);
    }
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ignored);
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // path()/relative; nothing is made.
  std::string Path(std::string_view relative) const { return path_ + "/" + std::string(relative); }
  // Makes path()/relative and the folders above it; returns its path.
  std::string Mkdir(std::string_view relative) const {
    std::error_code ignored;  // a test that uses the folder fails
    std::filesystem::create_directories(Path(relative), ignored);
    return Path(relative);
  }
  // Writes path()/relative (folders made as needed); returns its path.
  std::string Write(std::string_view relative, std::string_view bytes) const {
    WriteFile(Path(relative), bytes);
    return Path(relative);
  }

 private:
  std::string path_;
};

}  // namespace judge::testing_support

#endif  // JUDGE_TESTS_SUPPORT_TEMP_DIR_H_
