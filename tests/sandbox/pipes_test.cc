// Runs whose stdin and stdout are descriptors the caller lends (RunSpec::stdin_fd,
// stdout_fd: an interactive problem's pipes): the program reads and writes them, the
// sandbox holds no copy once the program runs (end-of-file reaches both sides), stderr
// stays apart, on_started is called, and two runs at once can talk through them.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

class Pipes : public SandboxTest {
 protected:
  RunSpec Relay() {
    std::error_code ec;
    fs::copy_file(std::string(HOSTILE_DIR) + "/relay", root_ + "/run/relay", fs::copy_options::overwrite_existing, ec);
    RunSpec spec;
    spec.argv = {"./relay"};
    spec.work_dir = root_ + "/run";
    spec.stderr_path = root_ + "/stderr.txt";
    expected_entries_.insert("stderr.txt");
    spec.limits = Small();
    spec.limits.wall_time_ms = 5000;
    return spec;
  }
};

std::string ReadToEnd(int fd) {
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) out.append(buf, static_cast<std::size_t>(n));
  return out;
}

TEST_F(Pipes, TheProgramReadsAndWritesTheLentDescriptors) {
  int in[2], out[2];
  ASSERT_EQ(::pipe2(in, O_CLOEXEC), 0);
  ASSERT_EQ(::pipe2(out, O_CLOEXEC), 0);
  RunSpec spec = Relay();
  spec.stdin_fd = in[0];
  spec.stdout_fd = out[1];
  std::atomic<bool> started{false};
  spec.on_started = [&] {
    started = true;
    ::close(in[0]);  // the caller's copies: the program holds its own now
    ::close(out[1]);
  };
  // The judge side writes two lines and closes: the program must see end-of-file
  // (no copy of the write end may stay in the sandbox), so it ends long before its
  // wall limit.
  std::thread writer([&] {
    const char text[] = "one\ntwo\n";
    EXPECT_EQ(::write(in[1], text, sizeof text - 1), static_cast<ssize_t>(sizeof text - 1));
    ::close(in[1]);
  });
  std::string got;
  std::thread reader([&] { got = ReadToEnd(out[0]); });
  Result<RunResult> r = sandbox().Run(spec);
  writer.join();
  reader.join();  // end-of-file: nobody holds the write end any more
  ::close(out[0]);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(started);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_EQ(r->kill_reason, KillReason::kNone);
  EXPECT_EQ(got, "got: one\ngot: two\nlines: 2\n");
  EXPECT_EQ(Stderr(), "relay: on stderr\n");  // stderr never joins a lent stdout
  EXPECT_GT(r->end_monotonic_ns, 0);
}

TEST_F(Pipes, EndOfFileReachesTheReaderWhileTheProgramRuns) {
  // The program closes its stdout, then waits for the end of its stdin; the judge side
  // closes stdin only after reading stdout to its end. Any copy of the stdout pipe's
  // write end held outside the program (the judge, the slot's keeper, the init) would
  // leave both sides waiting until the wall limit.
  int in[2], out[2];
  ASSERT_EQ(::pipe2(in, O_CLOEXEC), 0);
  ASSERT_EQ(::pipe2(out, O_CLOEXEC), 0);
  std::error_code ec;
  fs::copy_file(std::string(HOSTILE_DIR) + "/close_then_wait", root_ + "/run/close_then_wait",
                fs::copy_options::overwrite_existing, ec);
  RunSpec spec;
  spec.argv = {"./close_then_wait"};
  spec.work_dir = root_ + "/run";
  spec.limits = Small();
  spec.limits.wall_time_ms = 5000;
  spec.stdin_fd = in[0];
  spec.stdout_fd = out[1];
  spec.on_started = [&] {
    ::close(in[0]);
    ::close(out[1]);
  };
  std::string got;
  std::thread reader([&] {
    got = ReadToEnd(out[0]);
    ::close(in[1]);  // only now: the program ends when its stdin ends
  });
  Result<RunResult> r = sandbox().Run(spec);
  reader.join();
  ::close(out[0]);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_EQ(r->kill_reason, KillReason::kNone);
  EXPECT_EQ(got, "bye\n");
}

TEST_F(Pipes, TwoRunsAtOnceTalkThroughPipes) {
  // relay A's stdout feeds relay B's stdin; the judge feeds A and reads B.
  int a_in[2], a_to_b[2], b_out[2];
  ASSERT_EQ(::pipe2(a_in, O_CLOEXEC), 0);
  ASSERT_EQ(::pipe2(a_to_b, O_CLOEXEC), 0);
  ASSERT_EQ(::pipe2(b_out, O_CLOEXEC), 0);
  RunSpec a = Relay(), b = Relay();
  b.stderr_path.clear();
  a.stdin_fd = a_in[0];
  a.stdout_fd = a_to_b[1];
  a.on_started = [&] { ::close(a_in[0]), ::close(a_to_b[1]); };
  b.stdin_fd = a_to_b[0];
  b.stdout_fd = b_out[1];
  b.on_started = [&] { ::close(a_to_b[0]), ::close(b_out[1]); };
  Result<RunResult> rb = Status::Internal("not run");
  std::thread tb([&] { rb = sandbox().Run(b); });
  std::thread feed([&] {
    const char text[] = "x\n";
    EXPECT_EQ(::write(a_in[1], text, 2), 2);
    ::close(a_in[1]);
  });
  std::string got;
  std::thread reader([&] { got = ReadToEnd(b_out[0]); });
  Result<RunResult> ra = sandbox().Run(a);
  tb.join();
  feed.join();
  reader.join();
  ::close(b_out[0]);
  ASSERT_TRUE(ra.ok()) << ra.status().message();
  ASSERT_TRUE(rb.ok()) << rb.status().message();
  EXPECT_EQ(ra->status, RunStatus::kOk) << ra->message;
  EXPECT_EQ(rb->status, RunStatus::kOk) << rb->message;
  EXPECT_EQ(got, "got: got: x\ngot: lines: 1\nlines: 2\n");
  // Both report when they ended. B ended right after A (its input ended with A), but
  // the two reaps race: only closeness is certain, not the order.
  EXPECT_GT(ra->end_monotonic_ns, 0);
  EXPECT_GT(rb->end_monotonic_ns, 0);
  EXPECT_LT(std::llabs(ra->end_monotonic_ns - rb->end_monotonic_ns), 2000000000LL);
}

}  // namespace
}  // namespace judge::testing
