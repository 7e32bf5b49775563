// Trusted processes (judge/base/process.h): what a run captures, the environment it
// gets without the caller's changing, stdin, limits, and a child read line by line.
#include "judge/base/process.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <string>

namespace judge {
namespace {

ProcessSpec Sh(const std::string& script) {
  ProcessSpec spec;
  spec.argv = {"sh", "-c", script};
  return spec;
}

TEST(RunProcess, CapturesStdoutStderrAndTheExitCodeApart) {
  Result<ProcessResult> r = RunProcess(Sh("echo out; echo err >&2; echo more; exit 3"));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->out, "out\nmore\n");
  EXPECT_EQ(r->err, "err\n");
  EXPECT_EQ(r->exit_code, 3);
  EXPECT_FALSE(r->timed_out);
}

TEST(RunProcess, ArgumentsGoAsTheyAreWithoutAShell) {
  ProcessSpec spec;
  spec.argv = {"printf", "%s|", "a b", "'quoted'", "$HOME", ""};
  Result<ProcessResult> r = RunProcess(spec);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->out, "a b|'quoted'|$HOME||");
}

TEST(RunProcess, SetsAndUnsetsTheChildsEnvironmentOnly) {
  ASSERT_EQ(setenv("JUDGE_PROCESS_TEST_KEPT", "kept", 1), 0);
  ASSERT_EQ(setenv("JUDGE_PROCESS_TEST_GONE", "here", 1), 0);
  ProcessSpec spec = Sh("echo \"$JUDGE_PROCESS_TEST_KEPT,${JUDGE_PROCESS_TEST_GONE-unset},$JUDGE_PROCESS_TEST_NEW\"");
  spec.env = {{"JUDGE_PROCESS_TEST_NEW", "new value"}};
  spec.unset_env = {"JUDGE_PROCESS_TEST_GONE"};
  Result<ProcessResult> r = RunProcess(spec);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->out, "kept,unset,new value\n");
  EXPECT_EQ(getenv("JUDGE_PROCESS_TEST_NEW"), nullptr) << "the caller's environment is not changed";
  EXPECT_STREQ(getenv("JUDGE_PROCESS_TEST_GONE"), "here");
  unsetenv("JUDGE_PROCESS_TEST_KEPT");
  unsetenv("JUDGE_PROCESS_TEST_GONE");
}

TEST(RunProcess, StdinFromAFileElseEmpty) {
  char path[] = "/tmp/judge-process-test-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  std::ofstream(path) << "40 2\n";
  ProcessSpec spec = Sh("cat");
  spec.stdin_path = path;
  Result<ProcessResult> r = RunProcess(spec);
  unlink(path);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->out, "40 2\n");
  r = RunProcess(Sh("cat; echo end"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->out, "end\n");
}

TEST(RunProcess, KilledAtTheTimeLimitAndBySignals) {
  Result<ProcessResult> slow = RunProcess(Sh("sleep 30"), 200);
  ASSERT_TRUE(slow.ok());
  EXPECT_TRUE(slow->timed_out);
  EXPECT_EQ(slow->exit_code, 128 + SIGKILL);
  Result<ProcessResult> killed = RunProcess(Sh("kill -TERM $$"));
  ASSERT_TRUE(killed.ok());
  EXPECT_EQ(killed->exit_code, 128 + SIGTERM);
  EXPECT_FALSE(killed->timed_out);
}

// A daemon that keeps the pipes open does not hold the run past its program's exit.
TEST(RunProcess, ADescendantKeepingThePipesDoesNotHoldTheRun) {
  Result<ProcessResult> r = RunProcess(Sh("echo parent; (sleep 20 &); exit 0"), 10000);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->timed_out);
  EXPECT_EQ(r->out, "parent\n");
}

TEST(RunProcess, AMissingProgramIsNotFound) {
  ProcessSpec spec;
  spec.argv = {"judge-no-such-program-anywhere"};
  Result<ProcessResult> r = RunProcess(spec);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("judge-no-such-program-anywhere"), std::string::npos);
  spec.argv.clear();
  EXPECT_EQ(RunProcess(spec).status().code(), StatusCode::kInvalidArgument);
}

TEST(ChildProcess, OutputIsReadFromItsPipeAndItsEndWaitedFor) {
  Result<std::unique_ptr<ChildProcess>> child = ChildProcess::Start(Sh("echo ready; echo oops >&2; exec sleep 30"));
  ASSERT_TRUE(child.ok()) << child.status().message();
  std::string seen;
  while (seen.find("oops\n") == std::string::npos) {
    pollfd p{(*child)->output_fd(), POLLIN, 0};
    ASSERT_EQ(poll(&p, 1, 10000), 1) << "no output: " << seen;
    char buf[256];
    ssize_t n = read((*child)->output_fd(), buf, sizeof buf);
    ASSERT_GT(n, 0);
    seen.append(buf, static_cast<std::size_t>(n));
  }
  EXPECT_EQ(seen, "ready\noops\n");
  EXPECT_GT((*child)->pid(), 0);
  (*child)->Signal(SIGTERM);
  EXPECT_EQ((*child)->Wait(), 128 + SIGTERM);
  EXPECT_EQ((*child)->Wait(), 128 + SIGTERM);
}

}  // namespace
}  // namespace judge
