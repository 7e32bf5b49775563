// judge validate: placeholder registration until its owner lands it.
#include "cli_util.h"
#include "commands.h"

namespace judge::cli {

void RegisterValidate(CLI::App& app, int* exit_code) {
  auto* cmd = app.add_subcommand("validate", "(unavailable in this build)");
  cmd->allow_extras();
  cmd->callback([exit_code] {
    *exit_code = ReportError("validate", Status::Unsupported("this subcommand is not built yet"));
  });
}

}  // namespace judge::cli
