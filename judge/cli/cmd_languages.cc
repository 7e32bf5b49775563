// judge languages: placeholder registration until its owner lands it.
#include "cli_util.h"
#include "commands.h"

namespace judge::cli {

void RegisterLanguages(CLI::App& app, int* exit_code) {
  auto* cmd = app.add_subcommand("languages", "(unavailable in this build)");
  cmd->allow_extras();
  cmd->callback([exit_code] {
    *exit_code = ReportError("languages", Status::Unsupported("this subcommand is not built yet"));
  });
}

}  // namespace judge::cli
