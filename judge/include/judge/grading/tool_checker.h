// Checkers that run a program of the package (tool_program.h) in the sandbox:
//
//  - a Kattis output validator:  validator input answer feedback_dir/ [flags] < output;
//    exit 42 accepted, 43 wrong answer, anything else (or a crash, a limit) JE;
//    judgemessage.txt in the feedback directory is the message, score.txt the score.
//  - a testlib checker:          checker input output answer; exit 0 AC, 1 WA, 2 PE,
//    3 JE (the checker failed), 7 points ("points p" first on its stderr: the test's
//    points; see TestlibPoints), 16+n partially correct n%; its stderr is the message.
//  - interactive: a Kattis output validator run as the interactor (the same arguments
//    and exit codes; its stdout goes to the submission), or a testlib interactor
//    (interactor input output_file answer; testlib exit codes) optionally followed by a
//    testlib checker on what the interactor wrote to output_file.
//
// A failing program of the package is the judge's error for that test (JE), never the
// contestant's. Thread-safe: every call works in the request's scratch directory.
#ifndef JUDGE_TOOL_CHECKER_H_
#define JUDGE_TOOL_CHECKER_H_

#include <memory>
#include <vector>

#include "judge/config/problem.h"
#include "judge/grading/checker.h"
#include "judge/grading/tool_program.h"

namespace judge {

// What a testlib program's points (exit 7, testlib's quitp) make of a test:
//  - kPartial: a partial test (WA) reporting the points, as the judge reads a testlib
//    checker in a package of the Kattis family, whose tests are pass-fail;
//  - kAccepted: an accepted test scored with the points, as the judge reads a Polygon
//    package's checker (testlib counts the outcome `_points` with `_ok` as a valid
//    answer, and a Polygon problem scores a test with its checker's points;
//    docs/problem-format.md, "Polygon packages").
enum class TestlibPoints { kPartial, kAccepted };

// score_file: read score.txt (validation: custom score, or a 2023-07 scoring problem).
std::unique_ptr<Checker> MakeKattisValidatorChecker(std::shared_ptr<ToolProgram> validator, bool score_file);
std::unique_ptr<Checker> MakeTestlibChecker(std::shared_ptr<ToolProgram> checker, TestlibPoints points);
// checker may be null (testlib interactor only). points: what a testlib interactor's
// or checker's exit 7 makes of the test.
std::unique_ptr<Checker> MakeInteractiveChecker(InteractorKind kind, std::shared_ptr<ToolProgram> interactor,
                                                std::shared_ptr<ToolProgram> checker, bool score_file,
                                                TestlibPoints points);

}  // namespace judge

#endif  // JUDGE_TOOL_CHECKER_H_
