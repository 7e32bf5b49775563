#include "cli_util.h"

#include <cerrno>
#include <cstdlib>

#include <unistd.h>

#include <iostream>

#include "judge/base/terminal.h"

namespace judge::cli {

int ReportError(std::string_view command, const Status& status) {
  std::string message = IsTerminal(STDERR_FILENO) ? EscapeForTerminal(status.message()) : status.message();
  std::cout.flush();
  std::cerr << "judge " << command << ": " << message << "\n";
  return kExitJudgeError;
}

void PrintJson(const Json& doc) {
  std::cout << DumpJson(doc) << "\n";
  std::cout.flush();
}

bool StdoutIsTerminal() { return IsTerminal(STDOUT_FILENO); }

Result<int64_t> ParseSubmissionId(const std::string& text) {
  std::size_t i = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
  if (i == text.size() || text.find_first_not_of("0123456789", i) != std::string::npos)
    return Status::InvalidArgument("expected a submission id (a whole number, see judge history), found \"" + text +
                                   "\"");
  errno = 0;
  long long v = std::strtoll(text.c_str(), nullptr, 10);
  if (errno == ERANGE || v <= 0) return int64_t{0};
  return static_cast<int64_t>(v);
}

}  // namespace judge::cli
