// judge verify: placeholder registration until its owner lands it.
#include "cli_util.h"
#include "commands.h"

namespace judge::cli {

void RegisterVerify(CLI::App& app, int* exit_code) {
  auto* cmd = app.add_subcommand("verify", "(unavailable in this build)");
  cmd->allow_extras();
  cmd->callback([exit_code] {
    *exit_code = ReportError("verify", Status::Unsupported("this subcommand is not built yet"));
  });
}

}  // namespace judge::cli
