// One Register function per subcommand, each defined in its own cmd_<name>.cc.
// A subcommand's callback stores the process exit code in *exit_code (see cli_util.h).
#ifndef JUDGE_CLI_COMMANDS_H_
#define JUDGE_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>

namespace judge::cli {

void RegisterSolve(CLI::App& app, int* exit_code);
void RegisterCheck(CLI::App& app, int* exit_code);
void RegisterValidate(CLI::App& app, int* exit_code);
void RegisterGenerate(CLI::App& app, int* exit_code);
void RegisterRun(CLI::App& app, int* exit_code);
void RegisterDoctor(CLI::App& app, int* exit_code);
void RegisterGrade(CLI::App& app, int* exit_code);
void RegisterVerify(CLI::App& app, int* exit_code);
void RegisterStress(CLI::App& app, int* exit_code);
void RegisterRejudge(CLI::App& app, int* exit_code);
void RegisterLanguages(CLI::App& app, int* exit_code);
void RegisterHistory(CLI::App& app, int* exit_code);
void RegisterShow(CLI::App& app, int* exit_code);
void RegisterServe(CLI::App& app, int* exit_code);
void RegisterWorker(CLI::App& app, int* exit_code);

}  // namespace judge::cli

#endif  // JUDGE_CLI_COMMANDS_H_
