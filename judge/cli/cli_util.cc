#include "cli_util.h"

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

}  // namespace judge::cli
