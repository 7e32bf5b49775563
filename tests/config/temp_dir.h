// A temporary directory for one test, removed afterwards, with a helper to write files.
#ifndef JUDGE_TESTS_CONFIG_TEMP_DIR_H_
#define JUDGE_TESTS_CONFIG_TEMP_DIR_H_

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace judge::testing {

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "judge-config-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }
  // Writes content to path()/relative, creating folders.
  std::string Write(const std::string& relative, const std::string& content) const {
    std::filesystem::path p = std::filesystem::path(path_) / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
  }

 private:
  std::string path_;
};

}  // namespace judge::testing

#endif  // JUDGE_TESTS_CONFIG_TEMP_DIR_H_
