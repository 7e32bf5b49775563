// The example submissions of a package and what each is expected to get, as the other
// tools name them (docs/problem-format.md, "Submissions"):
//  - the folder under submissions/: accepted, wrong_answer, time_limit_exceeded,
//    run_time_error, memory_limit_exceeded, output_limit_exceeded, presentation_error,
//    compile_error, and compiler_error, output_limit, no_output (WA),
//    partially_accepted (AC below the full score), rejected (any failure),
//    slow_accepted (AC, expected near the limit), brute_force (TLE or RE);
//    check_manually is listed but never checked;
//  - an `@EXPECTED_RESULTS@:` line in the source names the allowed verdicts instead
//    (ACCEPTED/CORRECT, WRONG_ANSWER/WRONG-ANSWER/NO-OUTPUT, TIME_LIMIT_EXCEEDED/TIMELIMIT,
//    RUN_TIME_ERROR/RUN-ERROR, MEMORY_LIMIT_EXCEEDED, OUTPUT_LIMIT/OUTPUT-LIMIT,
//    PRESENTATION_ERROR, COMPILER_ERROR/COMPILER-ERROR; CHECK-MANUALLY: not checked);
//  - submissions/submissions.yaml (2023-07, 2025-09): globs over the submissions' paths
//    with permitted/required verdicts per test (of all tests, or of a test group's),
//    message, use_for_time_limit, score, language and a folder's entrypoint. Every
//    rule that matches a submission adds its requirements; a rule whose glob is exactly
//    a verdict folder's name replaces that folder's own expectation (the keys it does
//    not give keep the 2025-09 defaults of the folder).
// Every file of a verdict folder is one submission; every folder in it is one
// multi-file submission. Links are followed when they stay inside the package.
//
// Pure functions of the package's files; thread-safe.
#ifndef JUDGE_PACKAGE_SUBMISSIONS_H_
#define JUDGE_PACKAGE_SUBMISSIONS_H_

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/config/submissions_yaml.h"
#include "judge/judging/package.h"
#include "judge/judging/pipeline.h"
#include "judge/verdict.h"

namespace judge {

// One requirement of submissions.yaml on the tests of a submission (all of them, or a
// test group's: the tests matched by `tests`, a glob over test names relative to data/).
struct TestRequirement {
  std::string tests;  // "" every test
  std::optional<std::set<Verdict>> permitted, required;
  std::string message;
  std::string origin;  // where it was written: "wa/odd.py", "wa/odd.py.sample"
};

struct Expectation {
  std::set<Verdict> allowed;      // the final verdict must be one of these
  bool check_manually = false;    // listed, never checked
  bool partial = false;           // AC with a score below the maximum (scoring problems)
  bool slow = false;              // AC, and running beyond limit / margin is expected
  bool from_source = false;       // `allowed` came from @EXPECTED_RESULTS@
  // Not checked, and why: a tag naming only results this judge cannot give (DOMjudge's
  // NONE-INVALID-SUBMISSION), or a folder no tool checks.
  std::string not_checked;
  // submissions.yaml: for each requirement, every test it covers has a verdict in
  // permitted, at least one has one in required, some test's message holds `message`
  // (Kattis has no MLE, OLE or PE: those count as RTE, RTE and WA where the set does not
  // name them); the score equal to / within.
  std::vector<TestRequirement> requirements;
  std::optional<std::pair<double, double>> score;
  std::string language;           // a profile id or Kattis code ("" by extension)
  std::string entrypoint;         // a folder's entry file ("" the language's rule)
  // use_for_time_limit of the whole submission (nullopt: the folder decides), and the
  // test globs whose slowest test bounds the time limit from below (`lower` given for
  // a test group).
  std::optional<TimeLimitUse> time_limit_use;
  std::vector<std::string> lower_bound_tests;
  bool per_test() const { return !requirements.empty(); }
};

// Whether `v` meets a verdict set of submissions.yaml (MLE and OLE count as RTE, PE as
// WA, where the set does not name them). Pure.
bool VerdictInSet(Verdict v, const std::set<Verdict>& set);

struct PackageSubmission {
  std::string subject;   // "accepted/sol.cpp", "accepted/multi/" (a folder)
  std::string path;
  bool is_folder = false;
  std::string folder;    // "accepted", or "" for a file directly in submissions/
  std::optional<Expectation> expected;  // nullopt: the folder names no verdict
  std::string problem;   // why it cannot be checked (an unsupported submissions.yaml rule)
};

// Lists submissions/ in name order. A bad submissions.yaml is an error naming it. A
// Polygon package (judge/config/polygon.h) lists its solutions instead
// (ListPolygonSubmissions).
Result<std::vector<PackageSubmission>> ListPackageSubmissions(const std::string& package_dir);

// A Polygon package's <solutions> in problem.xml order: subject "solutions/wa.cpp
// (wrong-answer)", folder the tag, expected what the tag allows (PolygonTagVerdicts),
// language the profile of the solution's type ("" when the extension is to choose).
Result<std::vector<PackageSubmission>> ListPolygonSubmissions(const std::string& package_dir);

// The expectation of a folder name (nullopt: none), before the source's own marker.
std::optional<Expectation> FolderExpectation(const std::string& folder);
// What the @EXPECTED_RESULTS@: line and the @EXPECTED_SCORE@: line of a text name, as
// DOMjudge reads them; nullopt when it has neither. @EXPECTED_SCORE@ with a number is
// the expected score, with verdict names it is read as @EXPECTED_RESULTS@.
// CHECK-MANUALLY sets check_manually. Names of results this judge cannot give make the
// submission not checked (not_checked says which). A tag given twice is an error.
Result<std::optional<Expectation>> ExpectedResultsMarker(const std::string& text);

// What ReadPackageSubmission made of a package's submission: ready to judge, or not
// judged, for a reason that is no failure of the judge.
struct PackageSubmissionRead {
  enum class Outcome {
    kRead,     // `submission` is ready to judge
    kSkipped,  // its language is unknown here or not installed: never held against the package
    kRefused,  // the package's fault: a language named that no profile defines, a folder
               // of files in two languages, an entrypoint naming no file of it, or files
               // that cannot be judged (SubmissionRead::refusal: empty, too large, ...)
  };
  Outcome outcome = Outcome::kRead;
  NewSubmission submission;  // when kRead
  std::string reason;        // otherwise: one line naming the submission
};

// The submission's files read (a folder as a multi-file one) with its language: named
// by expected->language, else the extension (a folder: the one language its files'
// extensions name). A Status: the judge could not read them (an I/O error).
Result<PackageSubmissionRead> ReadPackageSubmission(const PackageSubmission& s, const LanguageSet& languages,
                                                    const std::string& package_dir);

}  // namespace judge

#endif  // JUDGE_PACKAGE_SUBMISSIONS_H_
