// The package's own programs, built once and run in the sandbox (judge/grading/tool_program.h).
#include "judge/grading/tool_program.h"

#include <limits.h>
#include <stdlib.h>

#include <algorithm>
#include <map>

#include "judge/base/files.h"

namespace judge {
namespace {

bool IsHeader(const std::string& name) {
  for (const char* ext : {".h", ".hpp", ".hh", ".hxx", ".inc"}) {
    std::string e(ext);
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) return true;
  }
  return false;
}

// The shipped language profiles, loaded once for packages whose front end gave none.
const LanguageSet* ShippedLanguages(Status* error) {
  static std::once_flag once;
  static Result<LanguageSet>* set = nullptr;
  std::call_once(once, [] { set = new Result<LanguageSet>(LoadLanguages("")); });
  if (!set->ok()) {
    *error = set->status();
    return nullptr;
  }
  return &set->value();
}

// A build script profile: `build` runs in a copy of the folder, `run` is the program.
LanguageProfile ScriptProfile(bool has_build) {
  LanguageProfile p;
  p.id = "build-script";
  p.name = "build/run scripts";
  p.source_name = "run";
  if (has_build) p.compile = {"/bin/sh", "build"};
  p.run = {"./run"};
  p.artifacts = {"*"};
  p.run_processes = 64;
  return p;
}

bool IsShellScript(const std::string& name) { return name.size() > 3 && name.compare(name.size() - 3, 3, ".sh") == 0; }

// A program written as a POSIX shell script (BAPCtools' validate.sh): nothing to
// build, run with /bin/sh in the sandbox. `entry` is the script's name.
LanguageProfile ShellProfile(const std::string& entry) {
  LanguageProfile p;
  p.id = "sh";
  p.name = "POSIX shell script";
  p.extensions = {".sh"};
  p.source_name = entry;
  p.run = {"/bin/sh", "{source}"};
  p.artifacts = {"{source}"};
  p.run_processes = 64;
  return p;
}

// A `run` written as a script without "#!" cannot be exec'd: give it to the shell.
std::vector<std::string> RunCommand(const Program& p) {
  std::vector<std::string> argv = p.argv;
  if (argv.size() == 1 && argv[0] == "./run") {
    Result<std::string> head = fs::ReadFile(p.dir + "/run", 1 << 26);
    if (head.ok() && head->rfind("#!", 0) != 0 && head->rfind("\x7f" "ELF", 0) != 0) argv = {"/bin/sh", "run"};
  }
  return argv;
}

// The directories a program file's relative path ("pkg/Main.class") needs below root.
Status MakeParentDirs(const std::string& root, const std::string& f) {
  auto slash = f.rfind('/');
  return slash == std::string::npos ? Status::Ok() : fs::MakeDirs(root + "/" + f.substr(0, slash));
}

// The profile compiling the program's own source alone: its resources sit beside it
// to be included (a shared gen.cpp), and compiling them too would define everything
// twice. The compiler compiles every source file for an argument "{source}" and the
// entry alone for "{source}" inside a longer one ("./{source}"); the entry is the
// profile's source name when present.
LanguageProfile EntryOnly(LanguageProfile profile, const std::string& entry) {
  profile.source_name = entry;
  for (auto& arg : profile.compile)
    if (arg == "{source}") arg = "./{source}";
  return profile;
}

std::string Shorten(std::string text, std::size_t max) {
  if (text.size() > max) text = text.substr(0, max) + "...";
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

}  // namespace

ToolProgram::ToolProgram(PackageProgram source, std::string role, std::shared_ptr<const ToolEnvironment> env)
    : source_(std::move(source)), role_(std::move(role)), env_(std::move(env)) {}

Result<std::vector<SourceFile>> ToolProgram::ReadSources(bool* scripts, std::vector<std::string>* resources) const {
  std::vector<SourceFile> files;
  std::string dir = source_.path;
  std::vector<std::string> names;
  std::map<std::string, std::string> elsewhere;  // a resource's name -> its host path
  if (source_.is_dir) {
    JUDGE_ASSIGN_OR_RETURN(names, fs::ListFiles(dir));
  } else {
    // One source file, with the headers beside it (a testlib.h, a validate.h) and the
    // resources it may include, wherever they are.
    std::size_t slash = source_.path.rfind('/');
    dir = slash == std::string::npos ? "." : source_.path.substr(0, slash);
    names.push_back(source_.name);
    JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> beside, fs::ListFiles(dir));
    for (const auto& b : beside)
      if (IsHeader(b) && b != source_.name) names.push_back(b);
    for (const auto& r : source_.resources) {
      const std::string name = r.substr(r.rfind('/') + 1);
      if (std::find(names.begin(), names.end(), name) != names.end() || elsewhere.count(name)) continue;
      elsewhere[name] = r;
      names.push_back(name);
      resources->push_back(name);
    }
  }
  *scripts = false;
  for (const auto& n : names) {
    if (n.empty() || n[0] == '.') continue;
    SourceFile f;
    f.name = n;
    const auto it = elsewhere.find(n);
    JUDGE_ASSIGN_OR_RETURN(f.bytes, fs::ReadFile(it == elsewhere.end() ? dir + "/" + n : it->second, 64 << 20));
    f.executable = source_.is_dir && (n == "build" || n == "run");
    *scripts = *scripts || f.executable;
    files.push_back(std::move(f));
  }
  if (files.empty()) return Status::InvalidArgument(source_.path + ": the " + role_ + " has no files");
  return files;
}

Result<LanguageProfile> ToolProgram::ChooseProfile(const std::vector<SourceFile>& files, bool scripts,
                                                   const std::vector<std::string>& resources) const {
  if (scripts) {
    bool has_build = std::any_of(files.begin(), files.end(), [](const SourceFile& f) { return f.name == "build"; });
    return ScriptProfile(has_build);
  }
  Status error;
  const LanguageSet* set = env_->languages ? env_->languages : ShippedLanguages(&error);
  if (!set) return error.WithContext("building the " + role_);
  const LanguageProfile* chosen = source_.language.empty() ? nullptr : set->Find(source_.language);
  if (chosen) {
    LanguageAvailability a = CheckAvailability(*chosen);
    if (!a.available) return Status::Unsupported(source_.path + ": cannot build the " + role_ + ": " + a.reason);
    return *chosen;
  }
  for (const auto& f : files) {
    if (IsHeader(f.name) || std::find(resources.begin(), resources.end(), f.name) != resources.end()) continue;
    const LanguageProfile* p = set->ForFile(f.name);
    if (!p) continue;
    if (chosen && chosen->id != p->id)
      return Status::InvalidArgument(source_.path + ": expected the " + role_ + "'s sources in one language, found " +
                                     chosen->id + " and " + p->id);
    chosen = p;
  }
  if (!chosen) {
    // Shell scripts last: a folder of C++ sources with a helper script is C++.
    std::vector<std::string> scripts_found;
    for (const auto& f : files)
      if (IsShellScript(f.name)) scripts_found.push_back(f.name);
    if (scripts_found.size() == 1) return ShellProfile(scripts_found.front());
    return Status::InvalidArgument(source_.path + ": expected the " + role_ +
                                   " as C, C++, Python or POSIX shell (.sh) source (or build/run scripts), found " +
                                   (scripts_found.empty() ? "no known source file" : "several .sh scripts"));
  }
  LanguageAvailability a = CheckAvailability(*chosen);
  if (!a.available) return Status::Unsupported(source_.path + ": cannot build the " + role_ + ": " + a.reason);
  return *chosen;
}

Status ToolProgram::DoBuild(Sandbox* sandbox) {
  bool scripts = false;
  std::vector<std::string> resources;
  JUDGE_ASSIGN_OR_RETURN(std::vector<SourceFile> files, ReadSources(&scripts, &resources));
  JUDGE_ASSIGN_OR_RETURN(LanguageProfile profile, ChooseProfile(files, scripts, resources));
  if (!resources.empty()) profile = EntryOnly(profile, source_.name);
  JUDGE_ASSIGN_OR_RETURN(std::string work, fs::MakeTempDir(env_->build_root, "tool-"));
  CompilerOptions copt;
  copt.cache_dir = env_->cache_dir;
  copt.limits.cpu_time_ms = env_->limits.compile_time_ms;
  copt.limits.wall_time_ms = kCompileWallFactor * env_->limits.compile_time_ms;
  copt.limits.memory_kib = env_->limits.compile_memory_kib;
  Compiler compiler(sandbox, copt);
  JUDGE_ASSIGN_OR_RETURN(CompileOutcome built, compiler.Compile(files, profile, work));
  if (!built.ok)
    return Status::InvalidArgument(source_.path + ": the " + role_ + " does not build: " + built.message +
                                   (built.log.empty() ? "" : ": " + Shorten(built.log, 600)));
  // Runs link the files from here (same file system as the runs' directories).
  program_dir_ = work + "/program";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(program_dir_));
  for (const auto& f : built.program.files) {
    JUDGE_RETURN_IF_ERROR(MakeParentDirs(program_dir_, f));  // Java's pkg/Main.class
    JUDGE_RETURN_IF_ERROR(fs::CopyFile(built.program.dir + "/" + f, program_dir_ + "/" + f, 0555));
  }
  program_ = built.program;
  program_.dir = program_dir_;
  program_.argv = RunCommand(program_);
  return Status::Ok();
}

Status ToolProgram::Build(Sandbox* sandbox) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!built_) built_ = DoBuild(sandbox);
  return *built_;
}

Result<std::string> ToolProgram::VisiblePath(const std::string& host_path, const std::string& work_dir,
                                             const std::string& name) const {
  char real[PATH_MAX];
  if (::realpath(host_path.c_str(), real) == nullptr) return Status::NotFound(host_path + ": cannot resolve the path");
  std::string path = real;
  const std::string& pkg = env_->package_dir;
  if (!pkg.empty() && path.size() > pkg.size() && path.compare(0, pkg.size(), pkg) == 0 && path[pkg.size()] == '/')
    return path;
  JUDGE_RETURN_IF_ERROR(fs::LinkOrCopy(path, work_dir + "/" + name));
  return work_dir + "/" + name;
}

Result<RunResult> ToolProgram::Run(Sandbox* sandbox, const ToolRun& run) {
  JUDGE_ASSIGN_OR_RETURN(RunSpec spec, Prepare(sandbox, run));
  Result<RunResult> r = sandbox->Run(spec);
  if (!r.ok()) return r.status().WithContext("running the " + role_);
  return r;
}

Result<RunSpec> ToolProgram::Prepare(Sandbox* sandbox, const ToolRun& run) {
  JUDGE_RETURN_IF_ERROR(Build(sandbox));
  for (const auto& f : program_.files) {
    JUDGE_RETURN_IF_ERROR(MakeParentDirs(run.work_dir, f));
    JUDGE_RETURN_IF_ERROR(fs::LinkOrCopy(program_dir_ + "/" + f, run.work_dir + "/" + f));
  }
  RunSpec spec;
  spec.argv = ExpandCommand(program_.argv, {{"memory_mib", std::to_string(env_->limits.run_memory_kib / 1024)}});
  spec.argv.insert(spec.argv.end(), run.args.begin(), run.args.end());
  spec.work_dir = run.work_dir;
  spec.stdin_path = run.stdin_path;
  spec.stdin_fd = run.stdin_fd;
  spec.stdout_fd = run.stdout_fd;
  spec.stdout_path = run.stdout_path;
  spec.stderr_path = run.stderr_path;
  spec.on_started = run.on_started;
  spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + run.work_dir};
  if (!env_->package_dir.empty()) spec.mounts.push_back(SandboxMount{env_->package_dir, "", false});
  const ToolLimits& l = env_->limits;
  spec.limits.cpu_time_ms = l.run_time_ms;
  spec.limits.wall_time_ms = run.wall_ms > 0 ? run.wall_ms : l.run_time_ms;
  spec.limits.memory_kib = l.run_memory_kib;
  spec.limits.output_kib = l.run_output_kib;
  spec.limits.max_processes = std::max<int32_t>(program_.max_processes, 1);
  spec.cancel = run.cancel;
  spec.copy_back_only = run.copy_back_only;
  return spec;
}

std::string ReadToolMessage(const std::string& path, int64_t max_bytes) {
  fs::OpenOutcome how = fs::OpenOutcome::kRead;
  Result<std::string> text = fs::ReadNoFollow(path, max_bytes, &how);
  if (!text.ok() || how != fs::OpenOutcome::kRead) return "";
  return ToolMessageText(*text);
}

std::string ToolMessageText(std::string_view bytes) {
  std::string out;
  for (char c : bytes) {
    if (c == '\n') {
      if (!out.empty() && out.back() != ' ') out += " / ";
    } else if (c == '\r' || c == '\t') {
      out += ' ';
    } else if (static_cast<unsigned char>(c) >= 0x20) {
      out += c;
    }
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '/')) out.pop_back();
  return out;
}

}  // namespace judge
