// The tests' one way to read and write a whole file: the bytes as they are (binary),
// with no error to check. A test asserts on what it reads, so a file that cannot be
// read reads as "" and the assertion says so; a write that fails leaves the file
// missing or short, and the test that reads it fails.
#ifndef JUDGE_TESTS_SUPPORT_FILES_H_
#define JUDGE_TESTS_SUPPORT_FILES_H_

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace judge::testing_support {

// The whole file; "" when it does not exist or cannot be read.
inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// Replaces path's content with bytes (created 0644 under the umask), creating the
// missing folders above it.
inline void WriteFile(const std::string& path, std::string_view bytes) {
  std::error_code ignored;  // the write below fails too, and the test that reads it
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace judge::testing_support

#endif  // JUDGE_TESTS_SUPPORT_FILES_H_
