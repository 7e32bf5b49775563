// A Codeforces Polygon package, read in its own terms (docs/problem-format.md,
// "Polygon packages"): a folder with problem.xml and no problem.yaml. What it says
// becomes the same values a Kattis package's files become (ProblemConfig, TestData),
// so everything after loading judges both alike.
//
// Read from problem.xml: the name (<names>), the limits and I/O files of <judging>
// (time-limit in ms, memory-limit in bytes, input-file/output-file: empty means
// stdin/stdout), the tests of the testset named "tests" (else the first) by its
// input-path-pattern and answer-path-pattern (printf style, "tests/%02d"; tests numbered
// from 1; sample="true" tests are samples), the testset's groups with their points,
// points-policy and dependencies (ProblemConfig::groups; tests with points above 0 and
// no groups: one each-test group "tests"), the checker of <assets> (a testlib checker by
// its source; a standard std::*.cpp checker without a source as the built-in checker of
// the same rule), the interactor (a testlib interactor by its source), the validators
// (testlib validators by their sources, run by verify) and the solutions with their
// tags. Statements, documents, properties, stresses and the Windows binaries are
// ignored. Elements inside <judging>, <testset>, <tests>, <assets> and <solutions> that
// the judge does not know, a solution's unknown tag, a missing test file and bad XML are
// errors of one line naming the file, what was expected and what was found.
//
// Pure functions of the package's files; thread-safe.
#ifndef JUDGE_POLYGON_H_
#define JUDGE_POLYGON_H_

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/problem.h"
#include "judge/verdict.h"

namespace judge {

// The format_version a Polygon package's ProblemConfig carries.
inline constexpr const char* kPolygonFormat = "polygon";

// Whether dir holds a Polygon package: a problem.xml, and no problem.yaml (a folder
// with both is read as the Kattis package its problem.yaml describes).
bool IsPolygonPackage(const std::string& dir);

// <dir>/problem.xml -> the problem: name, limits, I/O mode, checker, interactor,
// validators (ProblemConfig::testlib_validators). The
// tests are not read (LoadPolygonTests). Errors: "<dir>/problem.xml:<line>: <element>:
// expected <what>, found <what>".
Result<ProblemConfig> LoadPolygonConfig(const std::string& dir);

// The tests of the package's testset, in number order: name "tests/01" (the input's
// path in the package), group "sample" for sample="true" tests, else "secret" (a
// package scored by groups: the test's group), points its points. A missing
// input or answer file is an error naming it (this judge does not yet make generated
// tests or answers).
Result<TestData> LoadPolygonTests(const ProblemConfig& config);

// A solution of <assets><solutions>, with what its tag expects.
struct PolygonSolution {
  std::string rel;    // its path in the package, as problem.xml gives it ("solutions/wa.cpp")
  std::string path;   // host path
  std::string tag;    // "main", "wrong-answer", ...
  std::string type;   // Polygon's language type ("cpp.g++17", "java11", "python.3", ...)
  std::set<Verdict> allowed;  // PolygonTagVerdicts(tag)
};

// The solutions in problem.xml order. An unknown tag or a missing source file is an
// error naming problem.xml's line.
Result<std::vector<PolygonSolution>> LoadPolygonSolutions(const std::string& dir);

// The verdicts a solution tag allows: main, accepted: AC; wrong-answer: WA;
// presentation-error: PE; time-limit-exceeded: TLE; memory-limit-exceeded: MLE;
// time-limit-exceeded-or-accepted: AC or TLE; time-limit-exceeded-or-memory-limit-exceeded:
// TLE or MLE; rejected, failed: any verdict but AC and JE (a compile error included).
// nullopt: a tag Polygon does not define.
std::optional<std::set<Verdict>> PolygonTagVerdicts(const std::string& tag);

// The language profile id (judge/languages.yaml) for a Polygon solution type:
// "cpp.g++17" -> "cpp17", "cpp.g++11" -> "cpp11", "c.gcc" -> "c11", "java11" -> "java",
// "python.3" -> "python3", "python.pypy3" -> "pypy3", "pascal.fpc" -> "pascal",
// "kotlin..." -> "kotlin", "rust..." -> "rust", "go" -> "go", "haskell..." -> "haskell",
// "js..." -> "javascript"; "" for a type without a profile here or with no version to
// go by ("cpp.g++", "python.2": the file's extension then chooses).
std::string PolygonLanguage(const std::string& type);

}  // namespace judge

#endif  // JUDGE_POLYGON_H_
