// A fresh temporary directory for one test, removed (whatever it holds) afterwards.
#ifndef JUDGE_TESTS_BASE_TEMP_DIR_H_
#define JUDGE_TESTS_BASE_TEMP_DIR_H_

#include <string>

#include "judge/base/files.h"

namespace judge::test {

class TempDir {
 public:
  TempDir() : path_(*fs::MakeTempDir(fs::TempRoot(), "judge-base-test-", 0700)) {}
  ~TempDir() { (void)fs::RemoveTree(path_); }
  const std::string& path() const { return path_; }
  std::string File(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace judge::test

#endif  // JUDGE_TESTS_BASE_TEMP_DIR_H_
