// The tests and answers a Polygon package lacks, made as Polygon makes them: a
// generated test's input is its generator's stdout, a missing answer is the main
// solution's output on the input (docs/problem-format.md, "Polygon packages").
//
// Theory of operation
// -------------------
// LoadPolygonTestPlan (judge/config/polygon.h) says what is missing and how to make
// it. Each generator the commands name is built from its <executable> source, with the
// headers beside it (files/testlib.h), as any package program is (ToolProgram: in the
// sandbox, through the compile cache); each command runs in the sandbox under the
// package's tool limits with its arguments, and its stdout becomes the test's input.
// The main solution is built with the profile its type names and runs in the sandbox
// under the testset's time and memory limits, reading the input as a submission
// would (stdin or input-file) and its output (stdout or output-file) becoming the
// answer. A generator writing several tests (from-file=) runs once per distinct
// command, and only the files its tests name are taken from its work directory, each
// as a regular file opened without following a link. In an interactive problem the
// main solution runs against the interactor (as a judged test does) and the answer is
// the file the interactor writes as its output (testlib's tout). A generator or main
// solution that does not end with exit 0, or an interactor that does not accept, is
// an error naming the test and the command; nothing is run outside the sandbox.
//
// What is made is kept in the compile cache as an entry "polygon-<key>", the key a
// SHA-256 of problem.xml, the sources of the generators, the main solution and (an
// interactive problem) the interactor, with the files beside them and their
// resources, and the inputs whose answers are made. The entry is written
// under a temporary name and renamed into place; it records each file's SHA-256, and a
// reader copies the files out and checks every one: an entry something changed, or
// one evicted meanwhile, is a miss and everything is made again. The files are copied
// into a directory the caller owns (nothing of the cache is linked to any run).
//
// Thread safety: concurrent calls for one package may both make the tests (the cache
// entry is renamed into place whole; the second rename loses and is dropped).
#ifndef JUDGE_POLYGON_TESTS_H_
#define JUDGE_POLYGON_TESTS_H_

#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "judge/base/scratch_dir.h"
#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/config/problem.h"
#include "judge/judging/pipeline.h"

namespace judge {

struct PolygonMakeOptions {
  // The front end's (judging_context.h): the profiles the generators and the main
  // solution are built with, the cache the made files are kept in, the scratch root,
  // the sandboxes and the cancel flag. Its store is not used.
  JudgingContext context;
  // Called before each step ("generating test 5 of 40: gen 5 7"), from the calling
  // thread; may be empty.
  std::function<void(const std::string&)> on_progress;
};

// The files the package lacks, made (or taken from the cache) under the returned
// directory at their paths relative to the package (ProblemConfig::made_tests_dir);
// the caller owns it (removed with it). Null when the package lacks nothing. Errors
// are one line naming the test (LoadPolygonTestPlan's, a generator or the main
// solution that does not build or fails on a test, a sandbox failure).
Result<std::unique_ptr<ScratchDir>> MakePolygonTests(const ProblemConfig& config, const PolygonMakeOptions& options);

// The answer of the package's main solution to the input at input_path (a file of the
// caller's; input_name names it in errors), made as a missing answer is made (the same
// build, limits and sandbox run; an interactive problem's: what the interactor
// writes): `judge solve` of a package with no plugin. Nothing is kept in the cache but
// the build. Errors are one line naming the input or problem.xml: no solution tagged
// main, one that does not build, a run that does not end with exit 0 (its verdict and
// the first of its stderr).
struct PolygonMainAnswer {
  std::string solution;  // the main solution's path in the package (PolygonSolution::rel)
  std::string answer;
};
Result<PolygonMainAnswer> AnswerWithPolygonMain(const ProblemConfig& config, const std::string& input_path,
                                                const std::string& input_name, const PolygonMakeOptions& options);

}  // namespace judge

#endif  // JUDGE_POLYGON_TESTS_H_
