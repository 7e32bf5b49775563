// problem.yaml against docs/problem-format.md: every key, the defaults, and one clear
// line ("<file>: <key>: expected ..., found ...") for every kind of bad input.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "judge/config/problem.h"
#include "support/temp_dir.h"

namespace judge {
namespace {

using testing_support::TempDir;

class ProblemConfigTest : public ::testing::Test {
 protected:
  // Writes problem.yaml into <tmp>/pkg and loads the package.
  Result<ProblemConfig> Load(const std::string& yaml) {
    tmp_.Write("pkg/problem.yaml", yaml);
    return LoadProblemConfig(Dir());
  }
  std::string Dir() const { return tmp_.path() + "/pkg"; }
  std::string File() const { return Dir() + "/problem.yaml"; }

  // Loads yaml expecting an error; checks it is one line starting with the file.
  std::string Error(const std::string& yaml) {
    auto r = Load(yaml);
    EXPECT_FALSE(r.ok()) << yaml;
    if (r.ok()) return "";
    const std::string& m = r.status().message();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    EXPECT_EQ(m.rfind(File() + ": ", 0), 0u) << m;
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument) << m;
    return m.substr(std::min(m.size(), File().size() + 2));
  }

  TempDir tmp_;
};

constexpr const char* kLimits = "limits:\n  time_ms: 1000\n  memory_kib: 65536\n";

TEST_F(ProblemConfigTest, EveryKey) {
  auto r = Load(R"(
name: Rotation game
plugin: rotation
source: POJ 2286
author: Somebody
license: cc by-sa
rights_owner: Us
limits:
  time_ms: 15000
  total_time_ms: 60000
  wall_ms: 30000
  memory_kib: 153600
  output_kib: 1024
io:
  mode: file
  input: rotationa.in
  output: rotationa.out
checker:
  type: float
  absolute_tolerance: 1e-4
  relative_tolerance: 0.001
plugin_options:
  tie_break: lexicographic
  optimal: false
  depth: 31
groups:
  - name: small
    points: 40
  - name: large
    points: 60.5
)");
  ASSERT_TRUE(r.ok()) << r.status().message();
  const ProblemConfig& c = *r;
  EXPECT_EQ(c.dir, Dir());
  EXPECT_EQ(c.id, "pkg");
  EXPECT_EQ(c.name, "Rotation game");
  EXPECT_EQ(c.plugin_id, "rotation");
  EXPECT_EQ(c.limits.time_ms, 15000);
  ASSERT_TRUE(c.limits.total_time_ms.has_value());
  EXPECT_EQ(*c.limits.total_time_ms, 60000);
  EXPECT_EQ(c.limits.wall_ms, 30000);
  EXPECT_EQ(c.limits.memory_kib, 153600);
  EXPECT_EQ(c.limits.output_kib, 1024);
  EXPECT_EQ(c.io_mode, IoMode::kFile);
  EXPECT_EQ(c.input_file, "rotationa.in");
  EXPECT_EQ(c.output_file, "rotationa.out");
  EXPECT_EQ(c.checker, CheckerKind::kFloat);
  EXPECT_DOUBLE_EQ(c.float_absolute_tolerance, 1e-4);
  EXPECT_DOUBLE_EQ(c.float_relative_tolerance, 0.001);
  ASSERT_EQ(c.plugin_options.size(), 3u);
  EXPECT_EQ(c.plugin_options[0], std::make_pair(std::string("tie_break"), std::string("lexicographic")));
  EXPECT_EQ(c.plugin_options[1], std::make_pair(std::string("optimal"), std::string("false")));
  EXPECT_EQ(c.plugin_options[2], std::make_pair(std::string("depth"), std::string("31")));
  EXPECT_EQ(SerializePluginOptions(c), "tie_break=lexicographic\noptimal=false\ndepth=31\n");
  ASSERT_EQ(c.groups.size(), 2u);
  EXPECT_EQ(c.groups[0].name, "small");
  EXPECT_EQ(c.groups[0].points, 40);
  EXPECT_EQ(c.groups[1].name, "large");
  EXPECT_EQ(c.groups[1].points, 60.5);
}

TEST_F(ProblemConfigTest, Defaults) {
  auto r = Load(std::string("name: Eight\nplugin: eight\n") + kLimits);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->checker, CheckerKind::kPlugin);
  EXPECT_EQ(r->io_mode, IoMode::kStdio);
  EXPECT_TRUE(r->input_file.empty());
  EXPECT_FALSE(r->limits.total_time_ms.has_value());
  EXPECT_EQ(r->limits.output_kib, 8192);  // the specification's 8 MiB
  EXPECT_EQ(r->code_kib, 128);            // and 128 KiB of code
  EXPECT_EQ(r->limits.wall_ms, 10000);  // max(10 * 1000, 1000 + 5000)
  EXPECT_TRUE(r->plugin_options.empty());
  EXPECT_EQ(SerializePluginOptions(*r), "");
  EXPECT_TRUE(r->groups.empty());
}

TEST_F(ProblemConfigTest, DerivedWallLimit) {
  // Documented default: max(10 * time_ms, time_ms + 5000).
  for (auto [time_ms, wall_ms] : {std::pair{1, 5001}, std::pair{500, 5500}, std::pair{1000, 10000},
                                  std::pair{3000, 30000}}) {
    auto r = Load("name: x\nplugin: x\nlimits:\n  time_ms: " + std::to_string(time_ms) + "\n  memory_kib: 2048\n");
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(r->limits.wall_ms, wall_ms) << time_ms;
  }
}

TEST_F(ProblemConfigTest, NoPluginMeansTheKattisDefaultValidator) {
  auto r = Load(std::string("name: x\n") + kLimits);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->plugin_id.empty());
  EXPECT_EQ(r->checker, CheckerKind::kDefault);
}

TEST_F(ProblemConfigTest, BuiltinCheckerTypesAndAPluginBeside) {
  for (auto [name, kind] : {std::pair{"exact", CheckerKind::kExact}, std::pair{"lines", CheckerKind::kLines},
                            std::pair{"tokens", CheckerKind::kTokens}, std::pair{"float", CheckerKind::kFloat},
                            std::pair{"plugin", CheckerKind::kPlugin}}) {
    auto r = Load(std::string("name: x\nplugin: p\nchecker:\n  type: ") + name + "\n" + kLimits);
    ASSERT_TRUE(r.ok()) << name << ": " << r.status().message();
    EXPECT_EQ(r->checker, kind) << name;
    EXPECT_EQ(r->plugin_id, "p");
  }
}

TEST_F(ProblemConfigTest, IdIsTheDirectorysBaseName) {
  tmp_.Write("eight-multi/problem.yaml", std::string("name: x\nplugin: x\n") + kLimits);
  auto r = LoadProblemConfig(tmp_.path() + "/eight-multi/");
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->id, "eight-multi");
  EXPECT_EQ(r->dir, tmp_.path() + "/eight-multi/");
}

TEST_F(ProblemConfigTest, MissingDirectoryAndFile) {
  auto no_dir = LoadProblemConfig(tmp_.path() + "/nowhere");
  ASSERT_FALSE(no_dir.ok());
  EXPECT_EQ(no_dir.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(no_dir.status().message(), "problem directory '" + tmp_.path() + "/nowhere': no such directory");

  std::string file = tmp_.Write("plain-file", "x");
  auto not_dir = LoadProblemConfig(file);
  ASSERT_FALSE(not_dir.ok());
  EXPECT_EQ(not_dir.status().message(), "problem directory '" + file + "': expected a directory, found a file");

  tmp_.Write("empty/statement.md", "hi");
  auto no_yaml = LoadProblemConfig(tmp_.path() + "/empty");
  ASSERT_FALSE(no_yaml.ok());
  EXPECT_EQ(no_yaml.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(no_yaml.status().message(),
            tmp_.path() + "/empty/problem.yaml: expected a problem.yaml in the package, found no such file");
}

TEST_F(ProblemConfigTest, BadYamlSyntaxNamesLineAndColumn) {
  std::string m = Error("name: x\nlimits: {time_ms: 1000\n");
  EXPECT_EQ(m.rfind("line ", 0), 0u) << m;
  EXPECT_NE(m.find(": expected valid YAML, found "), std::string::npos) << m;
  std::string tabs = Error("name: x\n\tplugin: y\n");
  EXPECT_NE(tabs.find("expected valid YAML"), std::string::npos) << tabs;
}

TEST_F(ProblemConfigTest, HostileFiles) {
  // Deep nesting, binary garbage, a NUL byte: one printable line each, no crash.
  std::string deep = "name: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += static_cast<char>((i * 7919 + 13) % 256);
  for (const std::string& yaml : {deep, garbage, std::string("name: a\0b\n", 11)}) {
    std::string m = Error(yaml);
    for (char c : m) EXPECT_TRUE(c >= 0x20 && c < 0x7f) << "unprintable byte in: " << m;
  }
}

TEST_F(ProblemConfigTest, DocumentThatIsNotAMap) {
  EXPECT_EQ(Error("- a\n- b\n"), "expected a map of keys (name, limits, ...), found a list");
  EXPECT_EQ(Error("hello\n"), "expected a map of keys (name, limits, ...), found \"hello\"");
}

// Read as problemtools reads it: an unknown key (a newer format's, a typo) is a note,
// never a reason to refuse the package; an empty value is absent.
TEST_F(ProblemConfigTest, UnknownKeysAreNotesAndEmptyValuesAbsent) {
  auto r = Load(std::string("name: x\nplugin: y\ncolour: red\nrights_owner:\nlimits:\n  time_ms: 1000\n"
                            "  memory_kib: 2048\n  time: 3\nio:\n  mode: stdio\n  stdin: a\n"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::string notes;
  for (const auto& n : r->notes) notes += n + "\n";
  EXPECT_NE(notes.find(File() + ": colour: unknown key, ignored (known: name, plugin, "), std::string::npos) << notes;
  EXPECT_NE(notes.find(File() + ": limits.time: unknown key, ignored (known: time_ms, "), std::string::npos) << notes;
  EXPECT_NE(notes.find(File() + ": io.stdin: unknown key, ignored"), std::string::npos) << notes;
  EXPECT_EQ(notes.find(": rights_owner:"), std::string::npos) << notes;
  // A known key with a wrong value is still an error.
  EXPECT_EQ(Error(std::string("name: x\nplugin: y\nchecker:\n  type: magic\n") + kLimits),
            "checker.type: expected plugin, exact, lines, tokens, float, default, kattis or testlib, found \"magic\"");
}

// Issue 34, hole 6: a problem.yaml of 400,000 unknown keys made 400,000 notes (171 MB
// printed by verify, each listing the known keys). They are one note naming the first
// few; the package still loads.
TEST_F(ProblemConfigTest, ManyUnknownKeysAreOneNote) {
  std::string yaml = std::string("name: x\nplugin: y\n") + kLimits;
  for (int i = 0; i < 100000; ++i) yaml += "junk" + std::to_string(i) + ": 1\n";
  auto r = Load(yaml);
  ASSERT_TRUE(r.ok()) << r.status().message().substr(0, 300);
  ASSERT_EQ(r->notes.size(), 1u) << r->notes.front().substr(0, 300);
  EXPECT_EQ(r->notes.front().rfind(File() + ": (top level): 100000 unknown keys, first: \"junk0\", \"junk1\", "
                                   "\"junk2\", \"junk3\", \"junk4\", ...; ignored (known: name, plugin, ", 0), 0u)
      << r->notes.front();
  EXPECT_EQ(r->limits.time_ms, 1000);
}

TEST_F(ProblemConfigTest, DuplicateKey) {
  EXPECT_EQ(Error(std::string("name: x\nname: y\nplugin: p\n") + kLimits), "name: key given twice");
}

TEST_F(ProblemConfigTest, MissingKeysTakeTheirDefaults) {
  // An empty problem.yaml is a legacy Kattis package with every default.
  auto empty = Load("");
  ASSERT_TRUE(empty.ok()) << empty.status().message();
  EXPECT_EQ(empty->name, "pkg");  // the package's id
  EXPECT_EQ(empty->format_version, "legacy");
  EXPECT_EQ(empty->time_rule.source, TimeLimitSource::kInferred);
  EXPECT_EQ(empty->limits.time_ms, 0);
  EXPECT_EQ(empty->limits.memory_kib, 2097152);  // 2 GiB
  EXPECT_EQ(empty->checker, CheckerKind::kDefault);
  auto no_memory = Load("name: x\nplugin: p\nlimits:\n  time_ms: 1000\n");
  ASSERT_TRUE(no_memory.ok()) << no_memory.status().message();
  EXPECT_EQ(no_memory->limits.memory_kib, 2097152);
  EXPECT_EQ(no_memory->time_rule.source, TimeLimitSource::kProblemYaml);
  EXPECT_EQ(Error(std::string("name: x\nchecker:\n  type: plugin\n") + kLimits),
            "plugin: expected a plugin id when checker.type is plugin, found nothing");
}

TEST_F(ProblemConfigTest, BadStrings) {
  const std::string rest = std::string("plugin: p\n") + kLimits;
  EXPECT_EQ(Error("name: {en: [1]}\n" + rest), "name.en: expected a string, found a list");
  auto empty_name = Load("name:\n" + rest);  // an empty value is absent: the package id
  ASSERT_TRUE(empty_name.ok()) << empty_name.status().message();
  EXPECT_EQ(empty_name->name, "pkg");
  EXPECT_EQ(Error("name: \"\"\n" + rest), "name: expected a non-empty string, found \"\"");
  EXPECT_EQ(Error(std::string("name: x\nplugin: eight puzzle\n") + kLimits),
            "plugin: expected a name of letters, digits, '-', '_' or '.', found \"eight puzzle\"");
  EXPECT_EQ(Error(std::string("name: x\nplugin: [a]\n") + kLimits),
            "plugin: expected a name of letters, digits, '-', '_' or '.', found a list");
  for (const char* key : {"author", "license", "rights_owner", "uuid", "source_url"})
    EXPECT_EQ(Error(std::string("name: x\nplugin: p\n") + key + ": [1]\n" + kLimits),
              std::string(key) + ": expected a string, found a list");
  EXPECT_EQ(Error(std::string("name: x\nplugin: p\nsource: [[1]]\n") + kLimits),
            "source[0]: expected a map with keys name, url, found a list");
}

TEST_F(ProblemConfigTest, BadLimits) {
  auto limits = [](const std::string& body) { return "name: x\nplugin: p\nlimits:\n" + body; };
  // The example of docs/problem-format.md, word for word.
  EXPECT_EQ(Error(limits("  time_ms: fast\n  memory_kib: 2048\n")),
            "limits.time_ms: expected an integer 1..600000, found \"fast\"");
  for (const char* bad : {"0", "-5", "600001", "1.5", "1e3", "0x10", "99999999999999999999"})
    EXPECT_EQ(Error(limits(std::string("  time_ms: ") + bad + "\n  memory_kib: 2048\n")),
              std::string("limits.time_ms: expected an integer 1..600000, found \"") + bad + "\"");
  EXPECT_EQ(Error(limits("  time_ms: [1]\n  memory_kib: 2048\n")),
            "limits.time_ms: expected an integer 1..600000, found a list");
  for (const char* bad : {"1023", "16777217", "lots"})
    EXPECT_EQ(Error(limits(std::string("  time_ms: 1\n  memory_kib: ") + bad + "\n")),
              std::string("limits.memory_kib: expected an integer 1024..16777216, found \"") + bad + "\"");
  EXPECT_EQ(Error(limits("  time_ms: 1\n  memory_kib: 2048\n  output_kib: 0\n")),
            "limits.output_kib: expected an integer 1..16777216, found \"0\"");
  EXPECT_EQ(Error(limits("  time_ms: 2000\n  memory_kib: 2048\n  wall_ms: 1000\n")),
            "limits.wall_ms: expected at least the time limit (2000 ms), found 1000");
  EXPECT_EQ(Error(limits("  time_ms: 2000\n  memory_kib: 2048\n  total_time_ms: 1999\n")),
            "limits.total_time_ms: expected at least the time limit (2000 ms), found 1999");
  std::string list = Error("name: x\nplugin: p\nlimits: [1, 2]\n");
  EXPECT_EQ(list.rfind("limits: expected a map with keys time_ms, total_time_ms, wall_ms, ", 0), 0u) << list;
  EXPECT_NE(list.find(", found a list"), std::string::npos) << list;
}

// limits.set_on_32_bit (docs/grading.md, "Limits set on a 32-bit judge") and the
// sources a compile error's suggestion follows.
TEST_F(ProblemConfigTest, LimitsSetOnA32BitJudgeAndTheSources) {
  auto plain = Load(std::string("name: x\n") + kLimits);
  ASSERT_TRUE(plain.ok()) << plain.status().message();
  EXPECT_FALSE(plain->limits.set_on_32_bit);
  EXPECT_TRUE(plain->sources.empty());
  auto set = Load("name: x\nsource: SWERC 2002 (POJ 1198)\nlimits:\n  time_ms: 1000\n  memory_kib: 65536\n"
                  "  set_on_32_bit: yes\n");
  ASSERT_TRUE(set.ok()) << set.status().message();
  EXPECT_TRUE(set->limits.set_on_32_bit);
  EXPECT_EQ(set->limits.memory_kib, 65536);  // the allowance is the grader's, not the package's limit
  EXPECT_EQ(set->sources, std::vector<std::string>{"SWERC 2002 (POJ 1198)"});
  auto listed = Load(std::string("name: x\nsource:\n  - HDU 1043\n  - {name: POJ 1077, url: 'http://poj.org'}\n") +
                     kLimits);
  ASSERT_TRUE(listed.ok()) << listed.status().message();
  EXPECT_EQ(listed->sources, (std::vector<std::string>{"HDU 1043", "POJ 1077"}));
  EXPECT_EQ(Error("name: x\nlimits:\n  time_ms: 1000\n  memory_kib: 2048\n  set_on_32_bit: 32\n"),
            "limits.set_on_32_bit: expected true or false, found \"32\"");
}

// The shipped packages are POJ's, HDU's and COGS's problems, whose judges ran 32-bit
// programs: every language gets the allowance there (issue 24).
TEST(ShippedPackages, SayTheirLimitsWereSetOnA32BitJudge) {
  for (const char* id : {"eight", "eight-multi", "rotation", "rotation-file", "solitaire"}) {
    auto c = LoadProblemConfig(std::string(JUDGE_PROBLEMS_DIR) + "/" + id);
    ASSERT_TRUE(c.ok()) << c.status().message();
    EXPECT_TRUE(c->limits.set_on_32_bit) << id;
    ASSERT_EQ(c->sources.size(), 1u) << id;
    const std::string& s = c->sources[0];
    EXPECT_TRUE(s.find("POJ") != std::string::npos || s.find("HDU") != std::string::npos) << id << ": " << s;
  }
}

TEST_F(ProblemConfigTest, BadIo) {
  auto io = [](const std::string& body) { return std::string("name: x\nplugin: p\n") + kLimits + "io:\n" + body; };
  EXPECT_EQ(Error(io("  mode: pipe\n")), "io.mode: expected stdio or file, found \"pipe\"");
  EXPECT_EQ(Error(io("  mode: file\n  output: a.out\n")), "io.input: expected a file name in file mode, found nothing");
  EXPECT_EQ(Error(io("  mode: file\n  input: a.in\n")), "io.output: expected a file name in file mode, found nothing");
  EXPECT_EQ(Error(io("  mode: file\n  input: ../a.in\n  output: a.out\n")),
            "io.input: expected a file name without '/', found \"../a.in\"");
  EXPECT_EQ(Error(io("  mode: file\n  input: a.in\n  output: ..\n")),
            "io.output: expected a file name without '/', found \"..\"");
  EXPECT_EQ(Error(io("  mode: file\n  input: a.txt\n  output: a.txt\n")),
            "io.output: expected a name other than io.input, found \"a.txt\"");
  EXPECT_EQ(Error(io("  input: a.in\n")),
            "io.input: expected no file name in stdio mode (set io.mode: file), found \"a.in\"");
  EXPECT_EQ(Error(std::string("name: x\nplugin: p\nio: file\n") + kLimits),
            "io: expected a map with keys mode, input, output, found \"file\"");
}

TEST_F(ProblemConfigTest, BadChecker) {
  auto checker = [](const std::string& body) {
    return std::string("name: x\nplugin: p\n") + kLimits + "checker:\n" + body;
  };
  EXPECT_EQ(Error(checker("  type: diff\n")),
            "checker.type: expected plugin, exact, lines, tokens, float, default, kattis or testlib, found \"diff\"");
  EXPECT_EQ(Error(checker("  type: tokens\n  absolute_tolerance: 0.1\n")),
            "checker.absolute_tolerance: expected no tolerance unless checker.type is float, found \"0.1\"");
  EXPECT_EQ(Error(checker("  relative_tolerance: 0.1\n")),
            "checker.relative_tolerance: expected no tolerance unless checker.type is float, found \"0.1\"");
  for (const char* bad : {"-1e-6", "small", "nan", "inf"})
    EXPECT_EQ(Error(checker(std::string("  type: float\n  absolute_tolerance: ") + bad + "\n")),
              std::string("checker.absolute_tolerance: expected a non-negative number, found \"") + bad + "\"");
  EXPECT_EQ(Error(std::string("name: x\nplugin: p\nchecker: exact\n") + kLimits),
            "checker: expected a map with keys type, absolute_tolerance, relative_tolerance, source, found \"exact\"");
}

TEST_F(ProblemConfigTest, BadPluginOptions) {
  auto opts = [](const std::string& body) {
    return std::string("name: x\nplugin: p\n") + kLimits + "plugin_options:" + body;
  };
  EXPECT_EQ(Error(opts(" [a, b]\n")), "plugin_options: expected a map, found a list");
  EXPECT_EQ(Error(opts("\n  depth: [1, 2]\n")),
            "plugin_options.depth: expected a scalar (string, number or boolean), found a list");
  EXPECT_EQ(Error(opts("\n  \"a=b\": 1\n")), "plugin_options.a=b: expected a key without '=' or control characters, found \"a=b\"");
  EXPECT_EQ(Error(opts("\n  text: \"two\\nlines\"\n")),
            "plugin_options.text: expected a value on one line, found \"two\\nlines\"");
}

TEST_F(ProblemConfigTest, BadGroups) {
  auto groups = [](const std::string& body) {
    return std::string("name: x\nplugin: p\n") + kLimits + "groups:" + body;
  };
  EXPECT_EQ(Error(groups(" {small: 40}\n")), "groups: expected a list of {name, points}, found a map");
  EXPECT_EQ(Error(groups("\n  - small\n")), "groups[0]: expected a map with keys name, points, found \"small\"");
  EXPECT_EQ(Error(groups("\n  - points: 4\n")), "groups[0].name: expected a group name, found nothing (required)");
  EXPECT_EQ(Error(groups("\n  - name: a\n")),
            "groups[0].points: expected a non-negative number, found nothing (required)");
  EXPECT_EQ(Error(groups("\n  - name: a\n    points: -1\n")),
            "groups[0].points: expected a non-negative number, found \"-1\"");
  EXPECT_EQ(Error(groups("\n  - name: a\n    points: 1\n  - name: a\n    points: 2\n")),
            "groups[1].name: expected a name not used by another group, found \"a\"");
  EXPECT_EQ(Error(groups("\n  - name: sample\n    points: 1\n")),
            "groups[0].name: expected a group name other than sample, found \"sample\"");
  EXPECT_EQ(Error(groups("\n  - name: a/b\n    points: 1\n")),
            "groups[0].name: expected a name of letters, digits, '-', '_' or '.', found \"a/b\"");
}

TEST(ReadTestFileTest, ReadsBytesAndNamesMissingFiles) {
  TempDir tmp;
  std::string bytes("a\0b\r\n", 5);
  std::string path = tmp.Write("x.in", bytes);
  auto r = ReadTestFile(path);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(*r, bytes);
  auto missing = ReadTestFile(tmp.path() + "/nope.in");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(missing.status().message(), tmp.path() + "/nope.in: no such file");
  auto dir = ReadTestFile(tmp.path());
  ASSERT_FALSE(dir.ok());
  EXPECT_EQ(dir.status().message(), tmp.path() + ": expected a regular file, found a directory");
  // A FIFO would block a plain open() forever: refused at once.
  std::string fifo = tmp.path() + "/f.ans";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto special = ReadTestFile(fifo);
  ASSERT_FALSE(special.ok());
  EXPECT_EQ(special.status().message(), fifo + ": expected a regular file, found a FIFO");
}

}  // namespace
}  // namespace judge
