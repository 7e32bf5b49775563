// A runnable submission: what a compiler made (judge/grading/compiler.h) and the grader runs
// (judge/grading/grader.h). A plain value.
#ifndef JUDGE_PROGRAM_H_
#define JUDGE_PROGRAM_H_

#include <cstdint>
#include <string>
#include <vector>

namespace judge {

// A runnable submission: the compile outputs and the command that runs them.
struct Program {
  std::string language_id;
  // Host directory holding the files; the grader copies them once into its scratch
  // directory and links them into every run directory. Must outlive Grade().
  std::string dir;
  // Paths relative to dir: plain names, or below subdirectories ("pkg/Main.class");
  // never absolute, never with "." or ".." components.
  std::vector<std::string> files;
  // The run command; {memory_mib} is expanded per problem. argv[0] is either
  // "./name" (one of files) or an absolute path on the host.
  std::vector<std::string> argv;
  int32_t max_processes = 1;
  // The run may use this much more than the problem's memory limit, in percent
  // (LanguageProfile::memory_allowance_percent); MLE messages say so.
  int64_t memory_allowance_percent = 0;
  // SandboxLimits::reserved_memory_counts for every run
  // (LanguageProfile::reserved_memory_counts).
  bool reserved_memory_counts = false;
};

}  // namespace judge

#endif  // JUDGE_PROGRAM_H_
