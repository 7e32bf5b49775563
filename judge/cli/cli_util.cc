#include "cli_util.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace judge::cli {

int ReportError(const Status& status) {
  std::cerr << "judge: " << status.message() << "\n";
  return kExitJudgeError;
}

int ReportError(std::string_view command, const Status& status) {
  std::cerr << "judge " << command << ": " << status.message() << "\n";
  return kExitJudgeError;
}

void PrintJson(const nlohmann::json& doc) {
  // Invalid UTF-8 (contestant output in messages) is replaced, never a throw.
  std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  std::cout.flush();
}

bool StdoutIsTerminal() { return isatty(STDOUT_FILENO) == 1; }

}  // namespace judge::cli
