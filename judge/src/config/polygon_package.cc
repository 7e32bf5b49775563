// A Polygon package's problem.xml -> ProblemConfig, TestData, solutions (polygon.h).
//
// Theory of operation
// -------------------
// problem.xml is parsed into a tree once per call (xml.h) and read element by element.
// The elements the judge acts on are checked strictly: inside <judging>, <testset>,
// <tests>, <assets>, <checker>, <interactor> and <solutions> an element it does not
// know is an error naming its line, so a package that means more than the judge reads
// is refused rather than judged differently. Elsewhere (statements, properties,
// stresses, documents) nothing is read. Values are converted as they are read: the
// time limit stays in ms, the memory limit goes from bytes to KiB (rounded up), the
// path patterns are filled with each test's number (from 1) by a printf-style
// formatter that knows %d with flags and width and %%, nothing else.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <system_error>

#include "judge/config/polygon.h"
#include "xml.h"

#include "problem_parts.h"

namespace judge {
namespace {

namespace fs_std = std::filesystem;

std::string Join(const std::string& dir, const std::string& rel) {
  return !dir.empty() && dir.back() == '/' ? dir + rel : dir + "/" + rel;
}

// "<file>:<line>: <element>: <message>".
Status Bad(const std::string& file, const XmlElement& e, const std::string& message) {
  return Status::InvalidArgument(file + ":" + std::to_string(e.line) + ": <" + e.name + ">: " + message);
}

std::string NameList(std::initializer_list<const char*> names) {
  std::string out;
  for (const char* n : names) out += std::string(out.empty() ? "" : ", ") + "<" + n + ">";
  return out;
}

// Every child of e is one of `known`.
Status KnownChildren(const std::string& file, const XmlElement& e, std::initializer_list<const char*> known) {
  for (const auto& c : e.children)
    if (std::none_of(known.begin(), known.end(), [&](const char* k) { return c.name == k; }))
      return Bad(file, c, "expected an element of <" + e.name + "> this judge reads (" + NameList(known) +
                              "), found an unknown one");
  return Status::Ok();
}

struct ProblemXml {
  std::string file;
  XmlElement root;
};

Result<ProblemXml> ReadProblemXml(const std::string& dir) {
  ProblemXml x;
  x.file = Join(dir, "problem.xml");
  JUDGE_ASSIGN_OR_RETURN(x.root, ParseXmlFile(x.file));
  if (x.root.name != "problem")
    return Bad(x.file, x.root, "expected the root element <problem>, found <" + x.root.name + ">");
  JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, x.root,
                                      {"names", "statements", "tutorials", "judging", "files", "assets", "properties",
                                       "stresses", "documents", "tags", "materials"}));
  return x;
}

Result<int64_t> PositiveNumber(const std::string& file, const XmlElement& parent, const std::string& child,
                               const std::string& unit) {
  const XmlElement* e = parent.Child(child);
  if (!e) return Bad(file, parent, "expected <" + child + "> (" + unit + "), found none");
  const std::string text = parent.ChildText(child);
  int64_t v = 0;
  bool digits = !text.empty() && text.size() <= 18;
  for (char c : text) digits = digits && c >= '0' && c <= '9';
  if (digits) v = std::stoll(text);
  if (!digits || v <= 0)
    return Bad(file, *e, "expected a positive whole number (" + unit + "), found \"" + text + "\"");
  return v;
}

// The testset named "tests", else the first one.
Result<const XmlElement*> MainTestset(const ProblemXml& x, std::vector<std::string>* notes) {
  const XmlElement* judging = x.root.Child("judging");
  if (!judging) return Bad(x.file, x.root, "expected a <judging> element, found none");
  JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *judging, {"testset"}));
  const XmlElement* chosen = nullptr;
  for (const auto& t : judging->children)
    if (t.Attribute("name") == "tests") chosen = &t;
  if (!chosen && !judging->children.empty()) chosen = &judging->children.front();
  if (!chosen) return Bad(x.file, *judging, "expected a <testset>, found none");
  for (const auto& t : judging->children)
    if (&t != chosen && notes)
      notes->push_back("testset \"" + t.Attribute("name") + "\" is not judged (only \"" +
                       chosen->Attribute("name") + "\" is)");
  JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *chosen,
                                      {"time-limit", "memory-limit", "test-count", "input-path-pattern",
                                       "output-path-pattern", "answer-path-pattern", "tests", "groups"}));
  return chosen;
}

// pattern with its one %d (flags 0, -, +, space; a width) filled with n; %% is '%'.
Result<std::string> FillPattern(const std::string& file, const XmlElement& e, const std::string& pattern, int n) {
  std::string out;
  int conversions = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      out += pattern[i];
      continue;
    }
    if (i + 1 < pattern.size() && pattern[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    bool zero = false, left = false;
    std::string sign;
    for (; j < pattern.size() && std::string("0-+ ").find(pattern[j]) != std::string::npos; ++j) {
      zero = zero || pattern[j] == '0';
      left = left || pattern[j] == '-';
      if (pattern[j] == '+' || (pattern[j] == ' ' && sign.empty())) sign = std::string(1, pattern[j]);
    }
    std::size_t width = 0;
    for (; j < pattern.size() && pattern[j] >= '0' && pattern[j] <= '9' && width < 100; ++j)
      width = width * 10 + static_cast<std::size_t>(pattern[j] - '0');
    if (j >= pattern.size() || pattern[j] != 'd' || width >= 100)
      return Bad(file, e, "expected a path pattern with one %d (such as tests/%02d), found \"" + pattern + "\"");
    std::string digits = std::to_string(n);
    std::size_t body = sign.size() + digits.size();
    std::string pad(width > body ? width - body : 0, zero && !left ? '0' : ' ');
    if (left) out += sign + digits + pad;
    else if (zero) out += sign + pad + digits;
    else out += pad + sign + digits;
    ++conversions;
    i = j;
  }
  if (conversions != 1)
    return Bad(file, e, "expected a path pattern with one %d (such as tests/%02d), found \"" + pattern + "\"");
  return out;
}

bool IsFile(const std::string& path) {
  std::error_code ec;
  return fs_std::is_regular_file(path, ec);
}


// The name in English, else the first one given.
std::string ProblemName(const XmlElement& root) {
  const XmlElement* names = root.Child("names");
  if (!names) return "";
  std::string first;
  for (const auto& n : names->children) {
    if (n.name != "name") continue;
    if (n.Attribute("language") == "english") return n.Attribute("value");
    if (first.empty()) first = n.Attribute("value");
  }
  return first;
}

// A program element's <source path=...>: the file in the package, which must exist
// there, links followed only within the package (as a Kattis package's programs).
Result<std::optional<PackageProgram>> SourceOf(const std::string& file, const std::string& dir, const XmlElement& e) {
  const XmlElement* source = e.Child("source");
  if (!source) return std::optional<PackageProgram>();
  const std::string rel = source->Attribute("path");
  if (rel.empty()) return Bad(file, *source, "expected a path attribute, found none");
  const std::string path = Join(dir, rel);
  if (!IsFile(path)) return Bad(file, *source, "expected the file " + path + ", found no such file");
  if (!InsidePackage(dir, path))
    return Bad(file, *source, "expected a file inside the package, found path=\"" + rel + "\" (leading out of it)");
  PackageProgram p;
  p.name = fs_std::path(rel).filename().string();
  p.path = path;
  return std::optional<PackageProgram>(p);
}

// <files><resources>: the host paths of the files listed, for every program of the
// package to include. A path must stay inside the package (relative, no ".."); a file
// the package lacks is left out (a program that includes it does not build, naming it).
Result<std::vector<std::string>> Resources(const ProblemXml& x, const std::string& dir) {
  std::vector<std::string> out;
  const XmlElement* files = x.root.Child("files");
  const XmlElement* resources = files ? files->Child("resources") : nullptr;
  if (!resources) return out;
  for (const auto& f : resources->children) {
    if (f.name != "file") continue;
    const std::string rel = f.Attribute("path");
    bool inside = !rel.empty() && rel[0] != '/';
    for (const auto& part : fs_std::path(rel)) inside = inside && part != "..";
    if (!inside) return Bad(x.file, f, "expected a path inside the package, found path=\"" + rel + "\"");
    if (IsFile(Join(dir, rel))) out.push_back(Join(dir, rel));
  }
  return out;
}

// A standard checker (std::<name>.cpp) as the built-in checker with its rule.
struct StdChecker {
  CheckerKind kind;
  double absolute = 0, relative = 0;
};

const std::map<std::string, StdChecker>& StdCheckers() {
  static const std::map<std::string, StdChecker> table = {
      {"wcmp", {CheckerKind::kTokens}},          {"ncmp", {CheckerKind::kTokens}},
      {"hcmp", {CheckerKind::kTokens}},          {"lcmp", {CheckerKind::kLines}},
      {"fcmp", {CheckerKind::kExact}},           {"yesno", {CheckerKind::kDefault}},
      {"nyesno", {CheckerKind::kDefault}},       {"rcmp", {CheckerKind::kFloat, 1.5e-6, 0}},
      {"acmp", {CheckerKind::kFloat, 1.5e-6, 0}}, {"dcmp", {CheckerKind::kFloat, 1e-6, 1e-6}},
      {"rcmp4", {CheckerKind::kFloat, 1e-4, 1e-4}}, {"rcmp6", {CheckerKind::kFloat, 1e-6, 1e-6}},
      {"rcmp9", {CheckerKind::kFloat, 1e-9, 1e-9}},
  };
  return table;
}

Status ReadChecker(const ProblemXml& x, const std::string& dir, const XmlElement& checker, ProblemConfig* c) {
  JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, checker, {"source", "binary", "copy", "testset"}));
  const std::string type = checker.Attribute("type");
  if (!type.empty() && type != "testlib")
    return Bad(x.file, checker, "expected type=\"testlib\", found type=\"" + type + "\"");
  JUDGE_ASSIGN_OR_RETURN(std::optional<PackageProgram> source, SourceOf(x.file, dir, checker));
  if (source) {
    c->checker = CheckerKind::kTestlib;
    c->checker_program = std::move(source);
    return Status::Ok();
  }
  const std::string name = checker.Attribute("name");
  std::string base = name.rfind("std::", 0) == 0 ? name.substr(5) : "";
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".cpp") == 0) base.resize(base.size() - 4);
  auto it = StdCheckers().find(base);
  if (it == StdCheckers().end())
    return Bad(x.file, checker,
               "expected a <source> or a standard checker this judge knows (std::wcmp.cpp, std::ncmp.cpp, "
               "std::rcmp6.cpp, ...), found name=\"" + name + "\" and no source");
  c->checker = it->second.kind;
  if (it->second.kind == CheckerKind::kFloat) {
    c->float_absolute_tolerance = it->second.absolute;
    c->float_relative_tolerance = it->second.relative;
  }
  return Status::Ok();
}

Status ReadPrograms(const ProblemXml& x, const std::string& dir, ProblemConfig* c);

// The checker, interactor and validators, each with the package's resources.
Status ReadAssets(const ProblemXml& x, const std::string& dir, ProblemConfig* c) {
  JUDGE_RETURN_IF_ERROR(ReadPrograms(x, dir, c));
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> resources, Resources(x, dir));
  if (c->checker_program) c->checker_program->resources = resources;
  if (c->interactor_program) c->interactor_program->resources = resources;
  for (auto& v : c->testlib_validators) v.resources = resources;
  return Status::Ok();
}

Status ReadPrograms(const ProblemXml& x, const std::string& dir, ProblemConfig* c) {
  const XmlElement* assets = x.root.Child("assets");
  if (!assets) return Status::Ok();  // no checker: the default (tokens) rule
  JUDGE_RETURN_IF_ERROR(
      KnownChildren(x.file, *assets, {"checker", "interactor", "validators", "validator", "solutions"}));
  if (const XmlElement* checker = assets->Child("checker")) JUDGE_RETURN_IF_ERROR(ReadChecker(x, dir, *checker, c));
  if (const XmlElement* interactor = assets->Child("interactor")) {
    JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *interactor, {"source", "binary", "copy", "testset"}));
    JUDGE_ASSIGN_OR_RETURN(std::optional<PackageProgram> source, SourceOf(x.file, dir, *interactor));
    if (!source) return Bad(x.file, *interactor, "expected the interactor's <source>, found none");
    c->interactive = true;
    c->interactor = InteractorKind::kTestlib;
    c->interactor_program = std::move(source);
  }
  // <validators> holds them; older packages put one <validator> in <assets>.
  std::vector<const XmlElement*> validators;
  for (const auto& e : assets->children) {
    if (e.name == "validator") validators.push_back(&e);
    if (e.name != "validators") continue;
    JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, e, {"validator"}));
    for (const auto& v : e.children) validators.push_back(&v);
  }
  for (const XmlElement* v : validators) {
    JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *v, {"source", "binary", "testset"}));
    JUDGE_ASSIGN_OR_RETURN(std::optional<PackageProgram> source, SourceOf(x.file, dir, *v));
    if (!source) return Bad(x.file, *v, "expected the validator's <source>, found none");
    c->testlib_validators.push_back(std::move(*source));
  }
  return Status::Ok();
}

Result<double> Points(const std::string& file, const XmlElement& e) {
  const std::string text = e.Attribute("points");
  if (text.empty()) return 0.0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !(v >= 0) || v > 1e9)
    return Bad(file, e, "expected points=\"<a number >= 0>\", found points=\"" + text + "\"");
  return v;
}

// The testset's <groups> as scoring groups: complete-group (the group's points, else
// the sum of its tests' points, when all its tests are AC) or each-test (each AC
// test's points), both after their dependencies. No <groups> but tests with points
// above 0: one each-test group "tests" holding every test.
Status ReadGroups(const std::string& file, const XmlElement& testset, ProblemConfig* c) {
  const XmlElement* groups = testset.Child("groups");
  const XmlElement* tests = testset.Child("tests");
  std::map<std::string, double> test_points;
  bool any_points = false;
  if (tests)
    for (const auto& t : tests->children) {
      JUDGE_ASSIGN_OR_RETURN(double p, Points(file, t));
      test_points[t.Attribute("group")] += p;
      any_points = any_points || p > 0;  // points="0.0" on every test: not scored
    }
  if (!groups) {
    if (any_points) c->groups.push_back({"tests", 0, true, {}});
    return Status::Ok();
  }
  JUDGE_RETURN_IF_ERROR(KnownChildren(file, *groups, {"group"}));
  for (const auto& g : groups->children) {
    JUDGE_RETURN_IF_ERROR(KnownChildren(file, g, {"dependencies"}));
    TestGroup group;
    group.name = g.Attribute("name");
    if (group.name.empty()) return Bad(file, g, "expected a name attribute, found none");
    const std::string policy = g.Attribute("points-policy");
    if (policy != "complete-group" && policy != "each-test" && !policy.empty())
      return Bad(file, g, "expected points-policy=\"complete-group\" or \"each-test\", found \"" + policy + "\"");
    group.each_test = policy == "each-test";
    JUDGE_ASSIGN_OR_RETURN(group.points, Points(file, g));
    if (!g.HasAttribute("points")) group.points = test_points[group.name];
    if (const XmlElement* deps = g.Child("dependencies")) {
      JUDGE_RETURN_IF_ERROR(KnownChildren(file, *deps, {"dependency"}));
      for (const auto& d : deps->children) group.dependencies.push_back(d.Attribute("group"));
    }
    c->groups.push_back(std::move(group));
  }
  auto known = [&](const std::string& name) {
    return std::any_of(c->groups.begin(), c->groups.end(), [&](const TestGroup& x) { return x.name == name; });
  };
  for (std::size_t i = 0; i < c->groups.size(); ++i)
    for (const auto& d : c->groups[i].dependencies)
      if (!known(d))
        return Bad(file, groups->children[i],
                   "expected dependencies on groups of the testset, found group=\"" + d + "\"");
  return Status::Ok();
}

}  // namespace

bool IsPolygonPackage(const std::string& dir) {
  return IsFile(Join(dir, "problem.xml")) && !fs_std::exists(Join(dir, "problem.yaml"));
}

Result<ProblemConfig> LoadPolygonConfig(const std::string& dir) {
  JUDGE_ASSIGN_OR_RETURN(ProblemXml x, ReadProblemXml(dir));
  ProblemConfig c;
  c.dir = dir;
  c.id = config::PackageId(dir);
  c.name = ProblemName(x.root);
  if (c.name.empty()) c.name = c.id;
  c.format_version = kPolygonFormat;
  c.checker = CheckerKind::kTokens;  // Polygon's default checker compares words (wcmp)
  JUDGE_ASSIGN_OR_RETURN(const XmlElement* testset, MainTestset(x, &c.notes));
  JUDGE_ASSIGN_OR_RETURN(c.limits.time_ms, PositiveNumber(x.file, *testset, "time-limit", "ms"));
  JUDGE_ASSIGN_OR_RETURN(int64_t memory_bytes, PositiveNumber(x.file, *testset, "memory-limit", "bytes"));
  c.limits.memory_kib = (memory_bytes + 1023) / 1024;
  const XmlElement& judging = *x.root.Child("judging");
  c.input_file = judging.Attribute("input-file");
  c.output_file = judging.Attribute("output-file");
  if (!c.input_file.empty() || !c.output_file.empty()) {
    if (c.input_file.empty() || c.output_file.empty())
      return Bad(x.file, judging, "expected both input-file and output-file, or neither (stdin/stdout), found one");
    c.io_mode = IoMode::kFile;
  }
  JUDGE_RETURN_IF_ERROR(ReadGroups(x.file, *testset, &c));
  JUDGE_RETURN_IF_ERROR(ReadAssets(x, dir, &c));
  return c;
}

namespace {

// A <test> of the judged testset with its number and its files' paths in the package.
struct ListedTest {
  const XmlElement* e = nullptr;
  int number = 0;  // from 1
  std::string in_rel, ans_rel;
};

// Filled in place (the pointers borrow from x, which is never moved after).
struct ListedTests {
  ProblemXml x;
  const XmlElement* testset = nullptr;  // borrowed from x
  std::vector<ListedTest> tests;
};

Status ListTestsOf(const ProblemConfig& config, ListedTests* result) {
  ListedTests& out = *result;
  JUDGE_ASSIGN_OR_RETURN(out.x, ReadProblemXml(config.dir));
  const ProblemXml& x = out.x;
  JUDGE_ASSIGN_OR_RETURN(out.testset, MainTestset(x, nullptr));
  const XmlElement* testset = out.testset;
  const XmlElement* input_pattern = testset->Child("input-path-pattern");
  if (!input_pattern) return Bad(x.file, *testset, "expected an <input-path-pattern>, found none");
  const XmlElement* answer_pattern = testset->Child("answer-path-pattern");
  if (!answer_pattern) return Bad(x.file, *testset, "expected an <answer-path-pattern>, found none");
  std::vector<const XmlElement*> listed;
  if (const XmlElement* tests = testset->Child("tests")) {
    JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *tests, {"test"}));
    for (const auto& t : tests->children) listed.push_back(&t);
  }
  if (const XmlElement* count = testset->Child("test-count")) {
    const std::string n = testset->ChildText("test-count");
    if (n != std::to_string(listed.size()))
      return Bad(x.file, *count, "expected the number of <test> elements (" + std::to_string(listed.size()) +
                                     "), found \"" + n + "\"");
  }
  for (std::size_t i = 0; i < listed.size(); ++i) {
    ListedTest t;
    t.e = listed[i];
    t.number = static_cast<int>(i) + 1;
    JUDGE_ASSIGN_OR_RETURN(t.in_rel,
                           FillPattern(x.file, *input_pattern, testset->ChildText("input-path-pattern"), t.number));
    JUDGE_ASSIGN_OR_RETURN(t.ans_rel,
                           FillPattern(x.file, *answer_pattern, testset->ChildText("answer-path-pattern"), t.number));
    out.tests.push_back(std::move(t));
  }
  return Status::Ok();
}

// The package's file, else the one the judge made (config.made_tests_dir), else "".
std::string FoundFile(const ProblemConfig& config, const std::string& rel) {
  if (IsFile(Join(config.dir, rel))) return Join(config.dir, rel);
  if (!config.made_tests_dir.empty() && IsFile(Join(config.made_tests_dir, rel)))
    return Join(config.made_tests_dir, rel);
  return "";
}

std::string TestLabel(int number) { return "test " + std::to_string(number); }

}  // namespace

Result<TestData> LoadPolygonTests(const ProblemConfig& config) {
  ListedTests listed;
  JUDGE_RETURN_IF_ERROR(ListTestsOf(config, &listed));
  const ProblemXml& x = listed.x;
  TestData data;
  for (const ListedTest& lt : listed.tests) {
    const XmlElement& t = *lt.e;
    TestCase c;
    c.name = lt.in_rel;
    c.group = t.Attribute("sample") == "true" ? "sample" : "secret";
    JUDGE_ASSIGN_OR_RETURN(c.points, Points(x.file, t));
    if (!config.groups.empty()) {
      // Scored by groups (ReadGroups): each test in one of them.
      c.group = listed.testset->Child("groups") ? t.Attribute("group") : "tests";
      auto named = [&](const TestGroup& g) { return g.name == c.group; };
      if (std::none_of(config.groups.begin(), config.groups.end(), named))
        return Bad(x.file, t, TestLabel(lt.number) + ": expected group=\"<a group of the testset>\", found \"" +
                                  c.group + "\"");
    }
    c.input_path = FoundFile(config, lt.in_rel);
    c.answer_path = FoundFile(config, lt.ans_rel);
    const std::string made = t.Attribute("method") == "generated"
                                 ? " (a generated test: \"" + t.Attribute("cmd") + "\", made when a judge command loads the package)"
                                 : "";
    if (c.input_path.empty())
      return Bad(x.file, t, TestLabel(lt.number) + ": expected its input " + Join(config.dir, lt.in_rel) +
                                ", found no such file" + made);
    if (c.answer_path.empty())
      return Bad(x.file, t, TestLabel(lt.number) + ": expected its answer " + Join(config.dir, lt.ans_rel) +
                                ", found no such file (answers are made with the main solution when a judge command "
                                "loads the package)");
    data.tests.push_back(std::move(c));
  }
  return data;
}

std::optional<std::set<Verdict>> PolygonTagVerdicts(const std::string& tag) {
  using V = Verdict;
  static const std::set<V> kRejected = {V::kWrongAnswer,         V::kPresentationError, V::kTimeLimitExceeded,
                                        V::kMemoryLimitExceeded, V::kOutputLimitExceeded, V::kRuntimeError,
                                        V::kCompileError};
  static const std::map<std::string, std::set<V>> kTags = {
      {"main", {V::kAccepted}},
      {"accepted", {V::kAccepted}},
      {"wrong-answer", {V::kWrongAnswer}},
      {"presentation-error", {V::kPresentationError}},
      {"time-limit-exceeded", {V::kTimeLimitExceeded}},
      {"memory-limit-exceeded", {V::kMemoryLimitExceeded}},
      {"time-limit-exceeded-or-accepted", {V::kAccepted, V::kTimeLimitExceeded}},
      {"time-limit-exceeded-or-memory-limit-exceeded", {V::kTimeLimitExceeded, V::kMemoryLimitExceeded}},
      {"rejected", kRejected},
      {"failed", kRejected},
  };
  auto it = kTags.find(tag);
  if (it == kTags.end()) return std::nullopt;
  return it->second;
}

namespace {

// Polygon's C and C++ types without "64" in their name (cpp.g++17, c.gcc) are a 32-bit
// MinGW gcc computing with the x87 unit's 80-bit registers; those with it
// (cpp.msys2-mingw64-9-g++17, cpp.gcc13-64-winlibs-g++20) are 64-bit, SSE arithmetic.
// The -x87 profiles (judge/languages.yaml) reproduce the first kind's arithmetic.
std::string X87If32Bit(const std::string& type, const std::string& profile) {
  return type.find("64") == std::string::npos ? profile + "-x87" : profile;
}

}  // namespace

std::string PolygonLanguage(const std::string& type) {
  auto starts = [&](const char* p) { return type.rfind(p, 0) == 0; };
  // Codeforces' "GNU C++" (G++ 5.1.0 on 32-bit MinGW, no -std): GCC 5's own default
  // standard, gnu++98 (docs/problem-format.md cites the evidence).
  if (type == "cpp.g++") return "cpp98-x87";
  if (starts("cpp.")) {
    // The standard is the last number after "++" ("cpp.g++17", "cpp.gcc14-64-msys2-g++23").
    std::size_t plus = type.rfind("++");
    if (plus == std::string::npos) return "";
    const std::string std_version = type.substr(plus + 2);
    if (std_version == "0x" || std_version == "11") return X87If32Bit(type, "cpp11");
    if (std_version == "14") return X87If32Bit(type, "cpp14");
    if (std_version == "17") return X87If32Bit(type, "cpp17");
    if (std_version == "20" || std_version == "23") return "cpp20";
    return "";
  }
  if (starts("c.")) return X87If32Bit(type, "c11");
  if (starts("java")) return "java";
  if (type == "python.3") return "python3";
  if (type == "python.pypy3" || type == "python.pypy3-64") return "pypy3";
  if (starts("pascal.")) return "pascal";
  if (starts("kotlin")) return "kotlin";
  if (starts("rust")) return "rust";
  if (starts("go")) return "go";
  if (starts("haskell")) return "haskell";
  if (starts("js") || starts("javascript")) return "javascript";
  return "";
}

Result<std::vector<PolygonSolution>> LoadPolygonSolutions(const std::string& dir) {
  JUDGE_ASSIGN_OR_RETURN(ProblemXml x, ReadProblemXml(dir));
  std::vector<PolygonSolution> out;
  const XmlElement* assets = x.root.Child("assets");
  const XmlElement* solutions = assets ? assets->Child("solutions") : nullptr;
  if (!solutions) return out;
  JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *solutions, {"solution"}));
  for (const auto& s : solutions->children) {
    JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, s, {"source", "binary"}));
    PolygonSolution p;
    p.tag = s.Attribute("tag");
    std::optional<std::set<Verdict>> allowed = PolygonTagVerdicts(p.tag);
    if (!allowed)
      return Bad(x.file, s, "expected a tag Polygon defines (main, accepted, wrong-answer, presentation-error, "
                            "time-limit-exceeded, memory-limit-exceeded, time-limit-exceeded-or-accepted, "
                            "time-limit-exceeded-or-memory-limit-exceeded, rejected, failed), found tag=\"" +
                                p.tag + "\"");
    p.allowed = std::move(*allowed);
    const XmlElement* source = s.Child("source");
    if (!source) return Bad(x.file, s, "expected the solution's <source>, found none");
    p.rel = source->Attribute("path");
    p.type = source->Attribute("type");
    JUDGE_ASSIGN_OR_RETURN(std::optional<PackageProgram> program, SourceOf(x.file, dir, s));
    p.path = program->path;
    out.push_back(std::move(p));
  }
  return out;
}

namespace {

// <files><executables>: each executable's source by the name Polygon's commands use
// (the file name without its extension: files/gen.cpp is "gen").
Result<std::map<std::string, PackageProgram>> Executables(const ProblemXml& x, const std::string& dir) {
  std::map<std::string, PackageProgram> out;
  const XmlElement* files = x.root.Child("files");
  const XmlElement* executables = files ? files->Child("executables") : nullptr;
  if (!executables) return out;
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> resources, Resources(x, dir));
  for (const auto& e : executables->children) {
    if (e.name != "executable") continue;
    JUDGE_ASSIGN_OR_RETURN(std::optional<PackageProgram> source, SourceOf(x.file, dir, e));
    if (!source) continue;  // a binary alone: Windows only, never run here
    source->language = PolygonLanguage(e.Child("source")->Attribute("type"));
    source->resources = resources;
    const std::string stem = fs_std::path(source->name).stem().string();
    out.emplace(stem, std::move(*source));
  }
  return out;
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string Names(const std::map<std::string, PackageProgram>& executables) {
  std::string out;
  for (const auto& [name, p] : executables) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

// A generated test's cmd as "<executable> <arguments>": the executable of the package
// it names, and its arguments. Anything a shell would interpret is refused, never run.
Status ParseCommand(const ProblemXml& x, const XmlElement& t, const std::map<std::string, PackageProgram>& executables,
                    PolygonTestToMake* m) {
  const std::string label = TestLabel(m->number) + ": ";
  if (t.HasAttribute("from-file")) {
    // A name the generator's run writes in its work directory: digits only, so it can
    // never be a path, a dot file or one of the program's own files there.
    m->from_file = t.Attribute("from-file");
    if (m->from_file.empty() || m->from_file.size() > 9 ||
        m->from_file.find_first_not_of("0123456789") != std::string::npos)
      return Bad(x.file, t, label + "expected from-file= to name a file the generator writes (1, 2, ...), found \"" +
                                m->from_file + "\"");
  }
  if (m->cmd.find_first_of("<>|;&$`\"'(){}*?\\~") != std::string::npos)
    return Bad(x.file, t, label + "expected a command \"<generator> <arguments>\", found \"" + m->cmd +
                              "\" (shell syntax is never run)");
  std::vector<std::string> words;
  std::string word;
  for (char c : m->cmd + " ") {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (words.empty()) return Bad(x.file, t, label + "expected the generator's command in cmd=, found none");
  auto it = executables.find(words[0]);
  if (it == executables.end())
    return Bad(x.file, t, label + "expected a command naming an executable of <files><executables> (" +
                              Names(executables) + "), found \"" + m->cmd + "\"");
  const std::string& source = it->second.name;
  for (const char* script : {".sh", ".bat", ".cmd", ".exe"})
    if (EndsWith(source, script))
      return Bad(x.file, t, label + "expected a generator this judge builds and runs in its sandbox, found the script " +
                                it->second.path + " (\"" + m->cmd + "\")");
  m->generator = words[0];
  m->args.assign(words.begin() + 1, words.end());
  return Status::Ok();
}

}  // namespace

Result<PolygonTestPlan> LoadPolygonTestPlan(const ProblemConfig& config) {
  ListedTests listed;
  JUDGE_RETURN_IF_ERROR(ListTestsOf(config, &listed));
  const ProblemXml& x = listed.x;
  JUDGE_ASSIGN_OR_RETURN(auto executables, Executables(x, config.dir));
  PolygonTestPlan plan;
  for (const ListedTest& lt : listed.tests) {
    const XmlElement& t = *lt.e;
    PolygonTestToMake m;
    m.number = lt.number;
    m.input_rel = lt.in_rel;
    m.answer_rel = lt.ans_rel;
    m.cmd = t.Attribute("cmd");
    m.make_input = !IsFile(Join(config.dir, lt.in_rel));
    m.make_answer = !IsFile(Join(config.dir, lt.ans_rel));
    if (!m.make_input && !m.make_answer) continue;
    if (m.make_input && t.Attribute("method") != "generated")
      return Bad(x.file, t, TestLabel(lt.number) + ": expected its input " + Join(config.dir, lt.in_rel) +
                                ", found no such file");
    if (m.make_input) {
      JUDGE_RETURN_IF_ERROR(ParseCommand(x, t, executables, &m));
      plan.generators.emplace(m.generator, executables.at(m.generator));
    }
    plan.tests.push_back(std::move(m));
  }
  const bool answers = std::any_of(plan.tests.begin(), plan.tests.end(), [](const auto& m) { return m.make_answer; });
  if (!answers) return plan;
  JUDGE_ASSIGN_OR_RETURN(std::vector<PolygonSolution> solutions, LoadPolygonSolutions(config.dir));
  for (auto& s : solutions)
    if (s.tag == "main") plan.main = std::move(s);
  if (!plan.main) {
    const PolygonTestToMake& first = *std::find_if(plan.tests.begin(), plan.tests.end(),
                                                   [](const auto& m) { return m.make_answer; });
    return Status::InvalidArgument(x.file + ": " + TestLabel(first.number) + ": expected its answer " +
                                   Join(config.dir, first.answer_rel) +
                                   ", found no such file and no solution tagged main to make it");
  }
  return plan;
}

namespace {

// One program's <testset>: its tests with their files (output and answer when
// `with_outputs`, the checker's).
Result<std::vector<PolygonToolTest>> ToolTests(const ProblemXml& x, const std::string& dir, const XmlElement& program,
                                               bool with_outputs) {
  std::vector<PolygonToolTest> out;
  const XmlElement* testset = program.Child("testset");
  if (!testset) return out;
  JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *testset, {"test-count", "input-path-pattern", "output-path-pattern",
                                                         "answer-path-pattern", "tests"}));
  std::vector<const XmlElement*> listed;
  if (const XmlElement* tests = testset->Child("tests")) {
    JUDGE_RETURN_IF_ERROR(KnownChildren(x.file, *tests, {"test"}));
    for (const auto& t : tests->children) listed.push_back(&t);
  }
  if (const XmlElement* count = testset->Child("test-count"))
    if (testset->ChildText("test-count") != std::to_string(listed.size()))
      return Bad(x.file, *count, "expected the number of <test> elements (" + std::to_string(listed.size()) +
                                     "), found \"" + testset->ChildText("test-count") + "\"");
  if (listed.empty()) return out;
  std::vector<std::string> kinds = {"input-path-pattern"};
  if (with_outputs) kinds.insert(kinds.end(), {"output-path-pattern", "answer-path-pattern"});
  for (std::size_t i = 0; i < listed.size(); ++i) {
    PolygonToolTest t;
    t.verdict = listed[i]->Attribute("verdict");
    std::vector<std::string> paths;
    for (const auto& kind : kinds) {
      const XmlElement* pattern = testset->Child(kind);
      if (!pattern) return Bad(x.file, *testset, "expected an <" + kind + ">, found none");
      JUDGE_ASSIGN_OR_RETURN(std::string rel,
                             FillPattern(x.file, *pattern, testset->ChildText(kind), static_cast<int>(i) + 1));
      if (!IsFile(Join(dir, rel)))
        return Bad(x.file, *listed[i], "expected the file " + Join(dir, rel) + ", found no such file");
      if (paths.empty()) t.name = rel;
      paths.push_back(Join(dir, rel));
    }
    t.input_path = paths[0];
    if (with_outputs) {
      t.output_path = paths[1];
      t.answer_path = paths[2];
    }
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

Result<PolygonToolTests> LoadPolygonToolTests(const std::string& dir) {
  JUDGE_ASSIGN_OR_RETURN(ProblemXml x, ReadProblemXml(dir));
  PolygonToolTests out;
  const XmlElement* assets = x.root.Child("assets");
  if (!assets) return out;
  if (const XmlElement* checker = assets->Child("checker")) {
    JUDGE_ASSIGN_OR_RETURN(out.checker, ToolTests(x, dir, *checker, true));
  }
  // In ReadAssets' order: <validator> directly in <assets> and those of <validators>.
  for (const auto& e : assets->children) {
    std::vector<const XmlElement*> validators;
    if (e.name == "validator") validators.push_back(&e);
    if (e.name == "validators")
      for (const auto& v : e.children) validators.push_back(&v);
    for (const XmlElement* v : validators) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<PolygonToolTest> tests, ToolTests(x, dir, *v, false));
      out.validators.push_back(std::move(tests));
    }
  }
  return out;
}

}  // namespace judge
