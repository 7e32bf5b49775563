// What every subcommand shares: exit codes, error lines, JSON printing.
#ifndef JUDGE_CLI_CLI_UTIL_H_
#define JUDGE_CLI_CLI_UTIL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "judge/base/status.h"
#include "judge/judging/json.h"

namespace judge::cli {

// Exit codes of the judge executable. Contract (scripts rely on them): never
// renumbered, only appended.
//   check:    0 AC, 1 WA, 2 PE, 3 JE
//   validate: 0 valid, 1 invalid, 3 judge error
//   verify:   0 consistent, 1 inconsistent, 3 judge error
//   others:   0 done, 1 a negative outcome the command documents, 3 judge error
// 3 always means the judge (or a plugin or package) failed, never the submission.
inline constexpr int kExitOk = 0;
inline constexpr int kExitNegative = 1;  // WA, invalid, inconsistent, ...
inline constexpr int kExitPresentation = 2;
inline constexpr int kExitJudgeError = 3;
inline constexpr int kExitUsage = 64;  // bad command line (EX_USAGE)

// The --db option's help, the same for every subcommand that stores or reads judgings;
// the order is store::DefaultStorePath's (judge/store/store.h).
inline constexpr const char* kDbOptionHelp =
    "SQLite database (default: $JUDGE_DB, else $XDG_DATA_HOME/judge/judge.sqlite, "
    "else ~/.local/share/judge/judge.sqlite)";

// Prints "judge <command>: <message>" on stderr (control characters escaped when
// stderr is a terminal) and returns kExitJudgeError.
int ReportError(std::string_view command, const Status& status);

// `asked` programs at once, at most the host's cores (ClampToHostCores); when clamped,
// "judge <command>: note: <option> N is more than ..." on stderr.
int JobsForHost(std::string_view command, int asked, const std::string& option);

// Prints the JSON document on stdout, one object, followed by a newline.
void PrintJson(const Json& doc);

// True when stdout is a terminal (for colours and progress lines).
bool StdoutIsTerminal();

// The problems directory when --problems is not given: ./problems when it exists,
// else the source tree's (<build>/judge finds <source>/problems), else "problems".
std::string DefaultProblemsDir();

// Prints "judge <command>: <local time> <line>" on stderr, whole lines from any thread.
void LogLine(std::string_view command, const std::string& line);

}  // namespace judge::cli

#endif  // JUDGE_CLI_CLI_UTIL_H_
