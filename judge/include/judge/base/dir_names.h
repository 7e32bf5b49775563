// The names in an open directory, read with getdents64 on a fresh open of "." (its
// own offset, no rewind): fdopendir's dup, fstat, fcntls and lseek cost as much as the
// listing itself for the small directories the run path checks before every test.
// Thread-safe; dir_fd is borrowed.
#ifndef JUDGE_BASE_DIR_NAMES_H_
#define JUDGE_BASE_DIR_NAMES_H_

#include <string>
#include <vector>

#include "judge/base/status.h"

namespace judge::fs {

// Every name but "." and "..", in the directory's order. Errors name `what`.
Result<std::vector<std::string>> DirNamesAt(int dir_fd, const std::string& what);

}  // namespace judge::fs

#endif  // JUDGE_BASE_DIR_NAMES_H_
