// Trusted processes (judge/base/process.h): the one file that uses Boost.Process.
#include "judge/base/process.h"

// Boost.Process 1.81's v2 is compiled here, in this translation unit (its
// "separate compilation" source, src.hpp), with std::filesystem instead of
// Boost.Filesystem (no library to link). Its headers of that release use
// boost::optional and boost's type traits without including them: they come first.
#define BOOST_PROCESS_USE_STD_FS 1
#define BOOST_PROCESS_V2_SEPARATE_COMPILATION 1
#include <boost/optional.hpp>
#include <boost/type_traits.hpp>
// Boost.Process itself:
#include <boost/asio/io_context.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/process/v2/environment.hpp>
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/src.hpp>
#include <boost/process/v2/start_dir.hpp>
#include <boost/process/v2/stdio.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <exception>
#include <functional>
#include <set>

#include "judge/base/unique_fd.h"

extern char** environ;

namespace judge {
namespace {

namespace asio = boost::asio;
namespace bp = boost::process::v2;

// The caller's environment with the spec's changes, as NAME=value strings.
std::vector<std::string> ChildEnvironment(const ProcessSpec& spec) {
  std::set<std::string> replaced(spec.unset_env.begin(), spec.unset_env.end());
  for (const auto& [name, value] : spec.env) replaced.insert(name);
  std::vector<std::string> out;
  for (char** e = environ; e && *e; ++e) {
    std::string entry = *e;
    if (!replaced.count(entry.substr(0, entry.find('=')))) out.push_back(std::move(entry));
  }
  for (const auto& [name, value] : spec.env) out.push_back(name + "=" + value);
  return out;
}

// argv[0] as the file to execute: as given when it holds a '/', else found in PATH.
Result<std::filesystem::path> Executable(const ProcessSpec& spec) {
  if (spec.argv.empty()) return Status::InvalidArgument("no program to run (empty argv)");
  const std::string& name = spec.argv[0];
  if (name.find('/') != std::string::npos) return std::filesystem::path(name);
  std::filesystem::path found = bp::environment::find_executable(name);
  if (found.empty()) return Status::NotFound(name + ": not found in PATH");
  return found;
}

int ExitCodeOf(int native_status) {
  if (WIFEXITED(native_status)) return WEXITSTATUS(native_status);
  if (WIFSIGNALED(native_status)) return 128 + WTERMSIG(native_status);
  return -1;
}

// Starts the program with stdout and stderr on the given bindings. Boost reports a
// failure to start by throwing: it becomes a Status here, and goes no further.
template <typename Out, typename Err>
Result<std::unique_ptr<bp::process>> Launch(asio::io_context& ctx, const ProcessSpec& spec, Out&& out,
                                            Err&& err) {
  JUDGE_ASSIGN_OR_RETURN(std::filesystem::path exe, Executable(spec));
  const std::vector<std::string> args(spec.argv.begin() + 1, spec.argv.end());
  const std::filesystem::path in = spec.stdin_path.empty() ? "/dev/null" : spec.stdin_path;
  try {
    return std::make_unique<bp::process>(
        ctx, exe, args, bp::process_stdio{in, std::forward<Out>(out), std::forward<Err>(err)},
        bp::process_environment(ChildEnvironment(spec)),
        bp::process_start_dir(std::filesystem::path(spec.work_dir.empty() ? std::string(".") : spec.work_dir)));
  } catch (const std::exception& e) {
    return Status::IoError("cannot start " + spec.argv[0] + ": " + e.what());
  }
}

// Reads a pipe to its end into *text (at most max bytes kept), asynchronously.
class PipeReader {
 public:
  PipeReader(asio::readable_pipe& pipe, std::string* text, std::size_t max) : pipe_(pipe), text_(text), max_(max) {}
  void Start() {
    pipe_.async_read_some(asio::buffer(buf_), [this](boost::system::error_code ec, std::size_t n) {
      const std::size_t room = text_->size() < max_ ? max_ - text_->size() : 0;
      text_->append(buf_.data(), std::min(n, room));
      if (!ec) Start();
    });
  }

 private:
  asio::readable_pipe& pipe_;
  std::string* text_;
  std::size_t max_;
  std::array<char, 8192> buf_{};
};

// After the program's exit, what is still in its pipes is read for this long at most:
// a descendant that inherited them may keep them open.
constexpr auto kDrainAfterExit = std::chrono::milliseconds(500);

}  // namespace

Result<ProcessResult> RunProcess(const ProcessSpec& spec, int64_t timeout_ms, std::size_t max_output_bytes) {
  asio::io_context ctx;
  asio::readable_pipe out(ctx), err(ctx);
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<bp::process> proc, Launch(ctx, spec, out, err));
  ProcessResult r;
  PipeReader out_reader(out, &r.out, max_output_bytes), err_reader(err, &r.err, max_output_bytes);
  out_reader.Start();
  err_reader.Start();
  bool exited = false;
  proc->async_wait([&](boost::system::error_code, int) { exited = true; });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (!exited && !ctx.stopped()) {
    if (timeout_ms <= 0) {
      ctx.run_one();
    } else if (ctx.run_one_until(deadline) == 0 && std::chrono::steady_clock::now() >= deadline) {
      break;
    }
  }
  if (!exited) {
    r.timed_out = true;
    boost::system::error_code ignored;
    proc->terminate(ignored);  // SIGKILL and reap
  } else {
    ctx.run_for(kDrainAfterExit);
  }
  r.exit_code = r.timed_out ? 128 + SIGKILL : ExitCodeOf(proc->native_exit_code());
  return r;
}

struct ChildProcess::Impl {
  asio::io_context ctx;
  UniqueFd output;
  std::unique_ptr<bp::process> proc;
  bool reaped = false;
  int exit_code = -1;
  int term_signal = 0;
};

ChildProcess::ChildProcess(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Result<std::unique_ptr<ChildProcess>> ChildProcess::Start(const ProcessSpec& spec) {
  if (spec.argv.empty()) return Status::InvalidArgument("no program to run (empty argv)");
  auto impl = std::make_unique<Impl>();
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return Status::IoError("cannot make a pipe for " + spec.argv[0]);
  impl->output = UniqueFd(fds[0]);
  UniqueFd write_end(fds[1]);  // the child's copy is dup2'ed; ours closes after the start
  JUDGE_ASSIGN_OR_RETURN(impl->proc, Launch(impl->ctx, spec, write_end.get(), write_end.get()));
  return std::unique_ptr<ChildProcess>(new ChildProcess(std::move(impl)));
}

ChildProcess::~ChildProcess() {
  if (!impl_->reaped) {
    Signal(SIGKILL);
    Wait();
  }
}

int ChildProcess::pid() const { return impl_->proc->id(); }
int ChildProcess::output_fd() const { return impl_->output.get(); }
void ChildProcess::CloseOutput() { impl_->output = UniqueFd(); }
int ChildProcess::term_signal() const { return impl_->term_signal; }

void ChildProcess::Signal(int signal_number) {
  // Not reaped: the pid is still this child's, never another process's.
  if (!impl_->reaped) ::kill(impl_->proc->id(), signal_number);
}

int ChildProcess::Wait() {
  if (!impl_->reaped) {
    boost::system::error_code ec;
    impl_->proc->wait(ec);
    impl_->reaped = true;
    const int native = impl_->proc->native_exit_code();
    impl_->exit_code = ec ? -1 : ExitCodeOf(native);
    impl_->term_signal = !ec && WIFSIGNALED(native) ? WTERMSIG(native) : 0;
  }
  return impl_->exit_code;
}

}  // namespace judge
