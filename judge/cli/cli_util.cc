#include "cli_util.h"

#include <cerrno>
#include <cstdlib>

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <mutex>

#include "judge/base/files.h"
#include "judge/base/paths.h"
#include "judge/base/terminal.h"
#include "judge/judging/job_pool.h"

namespace judge::cli {

int ReportError(std::string_view command, const Status& status) {
  // Newlines kept: a file's errors come together, one line each (problem.yaml).
  std::string message = IsTerminal(STDERR_FILENO) ? EscapeForTerminal(status.message(), true) : status.message();
  std::cout.flush();
  std::cerr << "judge " << command << ": " << message << "\n";
  return kExitJudgeError;
}

int JobsForHost(std::string_view command, int asked, const std::string& option) {
  std::string note;
  const int jobs = ClampToHostCores(asked, option, &note);
  if (!note.empty()) std::cerr << "judge " << command << ": note: " << note << "\n";
  return jobs;
}

void PrintJson(const Json& doc) {
  std::cout << DumpJson(doc) << "\n";
  std::cout.flush();
}

bool StdoutIsTerminal() { return IsTerminal(STDOUT_FILENO); }

std::string DefaultProblemsDir() {
  if (fs::IsDirectory("problems")) return "problems";
  const std::string beside = ExecutableDir() + "/../problems";
  if (fs::IsDirectory(beside)) return beside;
  return "problems";
}

void LogLine(std::string_view command, const std::string& line) {
  static std::mutex mu;
  const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch()).count();
  std::string text = "judge " + std::string(command) + ": " + FormatLocalTime(now) + " " + line + "\n";
  std::lock_guard<std::mutex> lock(mu);
  std::cerr << text;
  std::cerr.flush();
}

}  // namespace judge::cli
