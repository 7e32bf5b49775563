// Key-value lines, paths and terminal escaping of the base layer.
#include <unistd.h>

#include <sstream>

#include <gtest/gtest.h>

#include "judge/base/errors.h"
#include "judge/base/key_value.h"
#include "judge/base/paths.h"
#include "judge/base/proc_stat.h"
#include "judge/base/terminal.h"

namespace judge {
namespace {

TEST(KeyValueTest, RoundTripsAndTrims) {
  KeyValues kv = {{"cases", "10"}, {"depth", "uniform"}};
  EXPECT_EQ(FormatKeyValueLines(kv), "cases=10\ndepth=uniform\n");
  EXPECT_EQ(ParseKeyValueLines(FormatKeyValueLines(kv)), kv);
  EXPECT_EQ(ParseKeyValueLines(" a = 1 \r\n\nflag\n"), (KeyValues{{"a", "1"}, {"flag", ""}}));
  EXPECT_EQ(ParseKeyValueLines("usage_usec 123\nnr_periods\t 4\n", ' '),
            (KeyValues{{"usage_usec", "123"}, {"nr_periods", "4"}}));
  EXPECT_EQ(FindKeyValue("a=1\nb=2=3\n", "b"), "2=3");
  EXPECT_FALSE(FindKeyValue("a=1\n", "c").has_value());
  EXPECT_FALSE(SplitKeyValue("=x").has_value());
  EXPECT_EQ(SplitKeyValue("k=")->second, "");
}

TEST(PathsTest, BaseNameAndSearchPath) {
  EXPECT_EQ(BaseName("a/b/c.cpp"), "c.cpp");
  EXPECT_EQ(BaseName("a/b/"), "b");
  EXPECT_EQ(BaseName("/"), "/");
  EXPECT_EQ(BaseName("x"), "x");
  EXPECT_EQ(FindInPath("sh", "/nonexistent:/bin:/usr/bin"), "/bin/sh");
  EXPECT_FALSE(FindInPath("no-such-program-anywhere", "/bin:/usr/bin").has_value());
  EXPECT_FALSE(FindInPath("sh", "").has_value());
  EXPECT_FALSE(ExecutableDir().empty());
}

TEST(ErrorsTest, ErrnoStatusNamesTheThingAndPicksTheCode) {
  Status st = ErrnoStatus(ENOENT, "x.txt: cannot open");
  EXPECT_EQ(st.code(), StatusCode::kNotFound);
  EXPECT_EQ(st.message(), "x.txt: cannot open: No such file or directory");
  EXPECT_EQ(ErrnoStatus(EACCES, "y").code(), StatusCode::kIoError);
}

TEST(TerminalTest, EscapesControlCharactersButKeepsUtf8) {
  EXPECT_EQ(EscapeForTerminal("plain\ttext"), "plain\ttext");
  EXPECT_EQ(EscapeForTerminal("a\033]0;pwned\007b"), "a\\x1b]0;pwned\\x07b");
  EXPECT_EQ(EscapeForTerminal("line\nbreak\r"), "line\\x0abreak\\x0d");
  EXPECT_EQ(EscapeForTerminal("caf\xc3\xa9"), "caf\xc3\xa9");  // é stays
  EXPECT_EQ(EscapeForTerminal("\xc2\x9b" "31m"), "\\xc2\\x9b31m");  // C1 CSI escaped
  EXPECT_EQ(EscapeForTerminal("\xff"), "\\xff");
}

TEST(TerminalTest, TableAlignsAndStylesOnlyWithColour) {
  Table t({{"name", 6}, {"ms", 4, Table::Align::kRight}, {"note"}});
  t.AddRow({"a", "12", Table::Cell("AC", Style::kGood)});
  t.AddRow({"longer-name", "3", "x\033"});
  std::ostringstream plain, coloured;
  t.Print(plain, false);
  EXPECT_EQ(plain.str(),
            "  name          ms note\n"
            "  a             12 AC\n"
            "  longer-name    3 x\\x1b\n");
  t.Print(coloured, true);
  EXPECT_NE(coloured.str().find("\033[1;32mAC\033[0m"), std::string::npos);
  EXPECT_EQ(Styled("x", VerdictStyle(Verdict::kJudgeError), false), "x");
}

TEST(ProcStatTest, ParsesCommandsWithSpacesAndParentheses) {
  // Fields 14-17 are utime stime cutime cstime, 22 the start time, 24 the rss.
  std::string stat =
      "1234 (a b) (c)) S 1 1234 1234 0 -1 4194560 100 0 0 0 "
      "11 22 33 44 20 0 1 0 1000 10000000 555 18446744073709551615 0\n";
  Result<ProcStat> s = ParseProcStat(stat);
  ASSERT_TRUE(s.ok()) << s.status().message();
  EXPECT_EQ(s->state, 'S');
  EXPECT_EQ(s->utime_ticks, 11);
  EXPECT_EQ(s->stime_ticks, 22);
  EXPECT_EQ(s->cutime_ticks, 33);
  EXPECT_EQ(s->cstime_ticks, 44);
  EXPECT_EQ(s->start_ticks, 1000);
  EXPECT_EQ(s->rss_pages, 555);
  EXPECT_FALSE(ParseProcStat("1234 (cut short) S 1 2").ok());
  EXPECT_FALSE(ParseProcStat("no parenthesis").ok());
}

TEST(ProcStatTest, ReadsThisProcessAndNotAMissingOne) {
  Result<ProcStat> self = ReadProcStat(getpid());
  ASSERT_TRUE(self.ok()) << self.status().message();
  EXPECT_EQ(self->state, 'R');
  EXPECT_GT(self->start_ticks, 0);
  EXPECT_GT(self->rss_pages, 0);
  EXPECT_EQ(ReadProcStat(999999999).status().code(), StatusCode::kNotFound);
}

}  // namespace
}  // namespace judge
