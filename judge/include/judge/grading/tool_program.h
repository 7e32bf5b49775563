// The package's own programs: output validators, testlib checkers and interactors,
// input validators. Each is built once, on first use, and run in the sandbox like any
// untrusted program, under the package's tool limits (problem.yaml limits.validation_*
// and limits.compilation_*).
//
// Theory of operation
// -------------------
// A program is one source file or a folder (the Kattis "program" rules). A folder with
// a `build` or `run` script is built by running `build` (a POSIX shell script) in a
// copy of the folder and run as `run`; otherwise its language is the profile the
// program names (PackageProgram::language, when installed) or comes from the files'
// extensions through the language profiles (C, C++, Python, ...: one language per
// program; headers such as validate.h or testlib.h travel with the sources, and a
// single source file takes the headers beside it). Building goes through the Compiler,
// so it happens in the sandbox with its limits and lands in the compile cache; the
// first Build() call does it while later callers wait, and everybody gets the same
// outcome. A build that fails is the package's fault: an error naming the program,
// never a verdict of a submission.
//
// A run gets a fresh work directory (the caller's), in which the program's files are
// linked and where it may write (a Kattis validator's feedback directory is that
// directory); the package folder is visible read-only at its host path, so test files
// are passed by their canonical paths.
//
// Thread safety: Build() and Run() may be called from several threads at once.
#ifndef JUDGE_TOOL_PROGRAM_H_
#define JUDGE_TOOL_PROGRAM_H_

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/config/problem.h"
#include "judge/grading/compiler.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

// Shared by every program of one package. Plain values after construction.
struct ToolEnvironment {
  const LanguageSet* languages = nullptr;  // borrowed; null: the shipped profiles, loaded once
  std::string cache_dir;                   // the compile cache ("": none)
  std::string build_root;                  // an existing directory the package owns
  std::string package_dir;                 // canonical; mounted read-only in every run
  ToolLimits limits;
};

// One run of a built program. Borrowed for the call.
struct ToolRun {
  std::vector<std::string> args;   // after the program's own run command
  std::string work_dir;            // an existing empty directory: the run's cwd
  std::string stdin_path;          // a host file, or
  int stdin_fd = -1;               // a descriptor (RunSpec::stdin_fd)
  int stdout_fd = -1;              // RunSpec::stdout_fd; else stdout_path ("": discarded)
  std::string stdout_path;
  std::string stderr_path;         // "": discarded
  std::function<void()> on_started;  // RunSpec::on_started
  int64_t wall_ms = 0;             // 0: the tool time limit
  const std::atomic<bool>* cancel = nullptr;
  // RunSpec::copy_back_only: nullopt, everything the program writes in work_dir comes
  // back; else only these plain names of its top level.
  std::optional<std::vector<std::string>> copy_back_only;
};

class ToolProgram {
 public:
  // role names it in messages, e.g. "output validator check.cpp". env is shared.
  ToolProgram(PackageProgram source, std::string role, std::shared_ptr<const ToolEnvironment> env);
  ToolProgram(const ToolProgram&) = delete;
  ToolProgram& operator=(const ToolProgram&) = delete;

  const std::string& role() const { return role_; }
  const PackageProgram& source() const { return source_; }

  // Builds on the first call (with sandbox, borrowed for the call); later calls return
  // the first outcome. An error: the judge failed, or the program does not build (its
  // message ends with the compiler's log, shortened).
  Status Build(Sandbox* sandbox);
  // A host file as the program's runs see it: its canonical path when it lies in the
  // package (visible read-only), else linked (or copied) into work_dir as `name`.
  Result<std::string> VisiblePath(const std::string& host_path, const std::string& work_dir,
                                  const std::string& name) const;

  // Builds if needed, then runs it. A non-OK Status: the judge (or the build) failed;
  // what the program did is the RunResult.
  Result<RunResult> Run(Sandbox* sandbox, const ToolRun& run);
  // Builds if needed and returns the RunSpec Run() would run, the program's files
  // linked into run.work_dir: for a caller that runs it with another program (a
  // Polygon main solution against the interactor).
  Result<RunSpec> Prepare(Sandbox* sandbox, const ToolRun& run);

 private:
  Status DoBuild(Sandbox* sandbox);
  // The files to build; *resources: the names of those that are only there to be
  // included (PackageProgram::resources).
  Result<std::vector<SourceFile>> ReadSources(bool* scripts, std::vector<std::string>* resources) const;
  Result<LanguageProfile> ChooseProfile(const std::vector<SourceFile>& files, bool scripts,
                                        const std::vector<std::string>& resources) const;

  PackageProgram source_;
  std::string role_;
  std::shared_ptr<const ToolEnvironment> env_;
  std::mutex mu_;
  std::optional<Status> built_;  // set once the first Build() finished
  Program program_;              // valid when built_ is OK; its files copied to program_dir_
  std::string program_dir_;
};

// Reads the first `max_bytes` of a file a tool wrote in its work directory (not
// following a link); "" when missing. One line: newlines become " / ", trimmed.
std::string ReadToolMessage(const std::string& path, int64_t max_bytes = 4096);
// The same for bytes already read.
std::string ToolMessageText(std::string_view bytes);

}  // namespace judge

#endif  // JUDGE_TOOL_PROGRAM_H_
