// Reading one test file (judge/config/problem.h): the base layer's reader, which refuses a
// FIFO, a device or a directory with one line instead of blocking on it.
#include "judge/base/files.h"
#include "judge/config/problem.h"

namespace judge {

Result<std::string> ReadTestFile(const std::string& path) { return fs::ReadFile(path); }

}  // namespace judge
