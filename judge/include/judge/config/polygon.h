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
// tags; what the judge must make (LoadPolygonTestPlan: generated tests by their
// <files><executables> and commands, answers by the main solution) and the checker's
// and validators' own tests (LoadPolygonToolTests). Statements, documents, properties,
// stresses and the Windows binaries are ignored. Elements inside <judging>, <testset>, <tests>, <assets> and <solutions> that
// the judge does not know, a solution's unknown tag, a missing test file and bad XML are
// errors of one line naming the file, what was expected and what was found.
//
// Pure functions of the package's files; thread-safe.
#ifndef JUDGE_POLYGON_H_
#define JUDGE_POLYGON_H_

#include <map>
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
// package scored by groups: the test's group), points its points. A file the package
// lacks is taken from config.made_tests_dir (at the same relative path) when the judge
// made it there (judge/judging/polygon_tests.h); a file found in neither is an error
// naming it (and, for a generated test, its command).
Result<TestData> LoadPolygonTests(const ProblemConfig& config);


// A solution of <assets><solutions>, with what its tag expects.
struct PolygonSolution {
  std::string rel;    // its path in the package, as problem.xml gives it ("solutions/wa.cpp")
  std::string path;   // host path
  std::string tag;    // "main", "wrong-answer", ...
  std::string type;   // Polygon's language type ("cpp.g++17", "java11", "python.3", ...)
  std::set<Verdict> allowed;  // PolygonTagVerdicts(tag)
};

// A test whose input or answer the package lacks, to be made as Polygon makes it.
struct PolygonTestToMake {
  int number = 0;            // from 1
  std::string input_rel;     // where its input belongs, relative to the package ("tests/05")
  std::string answer_rel;    // where its answer belongs ("tests/05.a")
  bool make_input = false;   // a generated test: the generator's stdout (or from_file) is its input
  bool make_answer = false;  // the main solution's output on its input is its answer (an
                             // interactive problem: what the interactor writes meanwhile)
  std::string cmd;           // the test's cmd as problem.xml writes it ("gen 5 7")
  std::string generator;     // make_input: the executable's name ("gen"), a key of generators
  std::vector<std::string> args;  // make_input: the cmd's words after the name
  // make_input: "" when the generator writes this test on its stdout; else the name of
  // the file its run writes this test to in its work directory (from-file="2": Polygon's
  // generator writing several tests, one file each, named 1, 2, ...). Digits only.
  // Tests with a from_file and the same generator and args come from one run.
  std::string from_file;
};

// What the judge has to make before the package's tests are whole.
struct PolygonTestPlan {
  std::vector<PolygonTestToMake> tests;  // number order; only tests with something to make
  // The <files><executables> the tests' commands name, by name (the source's file name
  // without its extension, as Polygon's commands name them); each source file exists.
  std::map<std::string, PackageProgram> generators;
  std::optional<PolygonSolution> main;  // the main solution, when an answer is to be made
};

// The tests the package lacks a file of, and how to make each. Errors, one line naming
// problem.xml's line and the test: a missing manual test; a command that is not
// "<executable> <arguments>" (shell syntax such as a redirection, a script like
// doall.sh, a name that is no executable of the package, an executable whose source is
// a shell or Windows script); a from-file= that is not a file name of digits; a
// missing answer with no main solution to make it.
Result<PolygonTestPlan> LoadPolygonTestPlan(const ProblemConfig& config);

// A test of the checker's or a validator's own <testset>: the files and the verdict
// the program must give on them.
struct PolygonToolTest {
  std::string name;         // the input's path in the package ("files/tests/checker-tests/01")
  std::string input_path;   // host paths; output and answer: the checker's tests only
  std::string output_path;
  std::string answer_path;
  std::string verdict;      // as written: checker "ok", "wrong-answer", "presentation-error",
                            // ...; validator "valid" or "invalid"
};

struct PolygonToolTests {
  std::vector<PolygonToolTest> checker;
  // One list per validator, in the order of ProblemConfig::testlib_validators.
  std::vector<std::vector<PolygonToolTest>> validators;
};

// The checker's and validators' own tests (<testset> inside <checker> and each
// <validator>), by their path patterns. Errors, one line naming problem.xml's line: a
// missing file, a test-count that is not the number of tests, a bad pattern.
Result<PolygonToolTests> LoadPolygonToolTests(const std::string& dir);

// The solutions in problem.xml order. An unknown tag or a missing source file is an
// error naming problem.xml's line.
Result<std::vector<PolygonSolution>> LoadPolygonSolutions(const std::string& dir);

// The solution of the Polygon package in dir whose source is the file at `file` (a
// path as a user gives it, relative to the working directory or absolute), so that
// `judge grade <package> <file>` judges it with the profile `judge verify` does
// (PolygonLanguage of its type). The same file is the same device and inode; `file`
// itself must not be a symbolic link, and no solution's path leads out of the package
// (LoadPolygonSolutions refuses one that does), so no link makes a file outside the
// package one of its solutions.
// nullopt: dir is no Polygon package, or no solution is that file. Errors: those of
// LoadPolygonSolutions.
Result<std::optional<PolygonSolution>> FindPolygonSolution(const std::string& dir, const std::string& file);

// The verdicts a solution tag allows: main, accepted: AC; wrong-answer: WA;
// presentation-error: PE; time-limit-exceeded: TLE; memory-limit-exceeded: MLE;
// time-limit-exceeded-or-accepted: AC or TLE; time-limit-exceeded-or-memory-limit-exceeded:
// TLE or MLE; rejected, failed: any verdict but AC and JE (a compile error included).
// nullopt: a tag Polygon does not define.
std::optional<std::set<Verdict>> PolygonTagVerdicts(const std::string& tag);

// The language profile id (judge/languages.yaml) for a Polygon solution type:
// "cpp.g++17" -> "cpp17-x87", "cpp.g++11" and "cpp.g++0x" -> "cpp11-x87", "cpp.g++"
// (no -std: GCC 5's gnu++98) -> "cpp98-x87", "c.gcc" -> "c11-x87" (Polygon's 32-bit
// gcc: x87 arithmetic), "cpp.msys2-mingw64-9-g++17" -> "cpp17" (a type naming "64" is
// 64-bit: SSE), "cpp.gcc13-64-winlibs-g++20" -> "cpp20", "java11" -> "java",
// "python.3" -> "python3", "python.pypy3" -> "pypy3", "pascal.fpc" -> "pascal",
// "kotlin..." -> "kotlin", "rust..." -> "rust", "go" -> "go", "haskell..." -> "haskell",
// "js..." -> "javascript"; "" for a type without a profile here ("python.2",
// "cpp.ms2017": the file's extension then chooses).
std::string PolygonLanguage(const std::string& type);

}  // namespace judge

#endif  // JUDGE_POLYGON_H_
