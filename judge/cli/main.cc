// The judge executable: wires the subcommands, nothing else.
#include <CLI/CLI.hpp>

#include "cli_util.h"
#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"judge: grade programs against problem packages, in a sandbox"};
  app.require_subcommand(1);
  int exit_code = judge::cli::kExitOk;
  judge::cli::RegisterGrade(app, &exit_code);
  judge::cli::RegisterSolve(app, &exit_code);
  judge::cli::RegisterCheck(app, &exit_code);
  judge::cli::RegisterValidate(app, &exit_code);
  judge::cli::RegisterGenerate(app, &exit_code);
  judge::cli::RegisterVerify(app, &exit_code);
  judge::cli::RegisterStress(app, &exit_code);
  judge::cli::RegisterRun(app, &exit_code);
  judge::cli::RegisterHistory(app, &exit_code);
  judge::cli::RegisterShow(app, &exit_code);
  judge::cli::RegisterRejudge(app, &exit_code);
  judge::cli::RegisterLanguages(app, &exit_code);
  judge::cli::RegisterDoctor(app, &exit_code);
  judge::cli::RegisterServe(app, &exit_code);
  judge::cli::RegisterWorker(app, &exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return judge::cli::kExitUsage;
  }
  return exit_code;
}
