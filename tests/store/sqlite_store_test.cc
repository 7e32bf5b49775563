// The SQLite store's file behaviour: persistence, schema identity, refusing files it
// must not touch, migrations, several writer processes at once, and a writer killed
// with SIGKILL in the middle of a judging.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

#include "schema.h"
#include "sqlite_store.h"
#include "test_util.h"

namespace judge::store_test {
namespace {

namespace fs = std::filesystem;
using store_internal::Migration;
using store_internal::OpenStoreWithMigrations;
using store_internal::SchemaMigrations;

std::unique_ptr<Store> MustOpen(const std::string& path) {
  auto s = OpenStore(path);
  EXPECT_TRUE(s.ok()) << s.status().message();
  return s.ok() ? std::move(s).value() : nullptr;
}

// Everything on disk that belongs to the database: the file and its WAL companions.
std::string Snapshot(const std::string& path) {
  std::string out;
  for (const char* suffix : {"", "-wal", "-shm"}) {
    std::string p = path + suffix;
    out += fs::exists(p) ? "[" + ReadFile(p) + "]" : "<absent>";
  }
  return out;
}

// Runs fn in a child process (as the unprivileged user 65534 when we are root, so
// permissions apply) and returns what it wrote to the pipe.
std::string InChildAsNobody(const std::function<std::string()>& fn) {
  int fds[2];
  if (pipe(fds) != 0) return "<pipe failed>";
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(2);
    std::string out = fn();
    ssize_t unused = write(fds[1], out.data(), out.size());
    (void)unused;
    _exit(0);
  }
  close(fds[1]);
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof(buf))) > 0) out.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "<child failed>";
  return out;
}

TEST(SqliteStoreTest, EverythingSurvivesReopening) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  int64_t sid = 0, done = 0, running = 0;
  {
    auto store = MustOpen(path);
    ASSERT_NE(store, nullptr);
    sid = *store->AddSubmission(SampleSubmission("eight", "a.cpp"));
    done = *store->StartJudging(SampleJudging(sid));
    ASSERT_TRUE(store->AddTestResult(done, SampleTest("t1")).ok());
    Judging o;
    o.verdict = Verdict::kAccepted;
    o.score = 7;
    ASSERT_TRUE(store->FinishJudging(done, o).ok());
    running = *store->StartJudging(SampleJudging(sid));
    ASSERT_TRUE(store->AddTestResult(running, SampleTest("t1")).ok());
  }
  for (int reopen = 0; reopen < 3; ++reopen) {
    auto store = MustOpen(path);
    ASSERT_NE(store, nullptr);
    auto s = store->GetSubmission(sid);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->source, SampleSubmission().source);
    auto j = store->GetJudging(done);
    ASSERT_TRUE(j.ok());
    EXPECT_EQ(j->status, JudgingStatus::kDone);
    EXPECT_DOUBLE_EQ(j->score, 7);
    ASSERT_EQ(j->tests.size(), 1u);
    // Owned by this live process: still running.
    EXPECT_EQ(store->GetJudging(running)->status, JudgingStatus::kRunning);
    EXPECT_EQ(store->ListJudgings(sid)->size(), 2u);
  }
}

TEST(SqliteStoreTest, FileCarriesSchemaVersionApplicationIdAndWal) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  ASSERT_NE(MustOpen(path), nullptr);
  EXPECT_EQ(RawQuery(path, "PRAGMA user_version"),
            std::to_string(SchemaMigrations().back().version));
  EXPECT_EQ(RawQuery(path, "PRAGMA application_id"),
            std::to_string(store_internal::kApplicationId));
  EXPECT_EQ(RawQuery(path, "PRAGMA journal_mode"), "wal");
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND "
                           "name IN ('submissions', 'judgings', 'tests')"),
            "3");
}

TEST(SqliteStoreTest, VerdictAndStatusAreStoredAsNumberAndText) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  {
    auto store = MustOpen(path);
    int64_t jid = *store->StartJudging(SampleJudging(*store->AddSubmission(SampleSubmission())));
    ASSERT_TRUE(store->AddTestResult(jid, SampleTest("t", Verdict::kTimeLimitExceeded)).ok());
    Judging o;
    o.verdict = Verdict::kTimeLimitExceeded;
    ASSERT_TRUE(store->FinishJudging(jid, o).ok());
  }
  EXPECT_EQ(RawQuery(path, "SELECT verdict || ' ' || verdict_code FROM tests"), "3 TLE");
  EXPECT_EQ(RawQuery(path, "SELECT verdict || ' ' || verdict_code || ' ' || status || ' ' || "
                           "status_name FROM judgings"),
            "3 TLE 1 done");
}

TEST(SqliteStoreTest, NotSqliteFileIsRefusedUntouched) {
  TempDir dir;
  const std::string path = dir.Path("notes.txt");
  std::string text;
  for (int i = 0; i < 200; ++i) text += "these are my notes, not a database\n";
  WriteFile(path, text);
  const std::string before = Snapshot(path);
  auto s = OpenStore(path);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(),
            path + ": not a judge database: file is not SQLite (file is not a database)");
  EXPECT_EQ(Snapshot(path), before);
}

TEST(SqliteStoreTest, AnotherProgramsSqliteFileIsRefusedUntouched) {
  TempDir dir;
  const std::string path = dir.Path("other.db");
  RawExec(path, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('ada');");
  const std::string before = Snapshot(path);
  auto s = OpenStore(path);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(), path + ": not a judge database: it holds another program's "
                                         "tables (e.g. 'contacts') and no judge schema");
  EXPECT_EQ(Snapshot(path), before);

  const std::string tagged = dir.Path("tagged.db");
  RawExec(tagged, "PRAGMA application_id = 1234;");
  auto t = OpenStore(tagged);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("not a judge database: SQLite application id 0x000004d2"),
            std::string::npos) << t.status().message();
}

TEST(SqliteStoreTest, NewerSchemaIsRefusedWithOneLineAndUntouched) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  {
    auto store = MustOpen(path);
    ASSERT_TRUE(store->AddSubmission(SampleSubmission()).ok());
  }
  RawExec(path, "PRAGMA user_version = 99;");
  const std::string before = Snapshot(path);
  auto s = OpenStore(path);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(),
            path + ": database schema version 99 is newer than this judge supports (" +
                std::to_string(SchemaMigrations().back().version) + "); use a newer judge");
  EXPECT_EQ(s.status().message().find('\n'), std::string::npos);
  EXPECT_EQ(Snapshot(path), before);
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM submissions"), "1");
}

TEST(SqliteStoreTest, EmptyFileAndMissingDirectoriesGiveAFreshDatabase) {
  TempDir dir;
  const std::string empty = dir.Path("empty.sqlite");
  WriteFile(empty, "");
  auto store = MustOpen(empty);
  ASSERT_NE(store, nullptr);
  EXPECT_TRUE(store->AddSubmission(SampleSubmission()).ok());

  const std::string nested = dir.Path("a/b/c/judge.sqlite");
  auto nested_store = MustOpen(nested);
  ASSERT_NE(nested_store, nullptr);
  EXPECT_TRUE(fs::exists(nested));
}

TEST(SqliteStoreTest, DirectoryAsDatabaseIsRefused) {
  TempDir dir;
  auto s = OpenStore(dir.path());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(), dir.path() + ": is a directory, expected a database file");
}

TEST(SqliteStoreTest, ReadOnlyDirectoryIsRefusedWithOneLine) {
  TempDir dir;
  fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_exec |
                                  fs::perms::others_exec | fs::perms::group_read |
                                  fs::perms::others_read);
  const std::string ro = dir.Path("ro");
  fs::create_directory(ro);
  fs::permissions(ro, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                          fs::perms::group_exec | fs::perms::others_read |
                          fs::perms::others_exec);
  const std::string path = ro + "/judge.sqlite";
  std::string message = InChildAsNobody([&] {
    auto s = OpenStore(path);
    return s.ok() ? std::string("<opened>") : s.status().message();
  });
  EXPECT_EQ(message, path + ": database is on a read-only path: directory '" + ro +
                         "' is not writable (Permission denied); SQLite keeps its journal "
                         "files beside the database");
  EXPECT_FALSE(fs::exists(path));
}

TEST(SqliteStoreTest, ReadOnlyDatabaseFileIsRefusedUntouched) {
  TempDir dir;
  fs::permissions(dir.path(), fs::perms::all);  // anyone may create files here
  const std::string path = dir.Path("judge.sqlite");
  {
    auto store = MustOpen(path);
    ASSERT_TRUE(store->AddSubmission(SampleSubmission()).ok());
  }
  // Fold the WAL into the file so only the main file matters.
  RawExec(path, "PRAGMA wal_checkpoint(TRUNCATE);");
  fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const std::string before = ReadFile(path);
  std::string message = InChildAsNobody([&] {
    auto s = OpenStore(path);
    return s.ok() ? std::string("<opened>") : s.status().message();
  });
  EXPECT_EQ(message, path + ": database is on a read-only path: the file is not writable "
                            "(Permission denied)");
  EXPECT_EQ(ReadFile(path), before);
}

// Two later schema versions, as a future judge would add them: a new column with a
// default, a new table, and a log proving each step ran once, in order.
const int32_t kLatest = SchemaMigrations().back().version;
const std::string kNext = std::to_string(kLatest + 1), kAfter = std::to_string(kLatest + 2);
std::vector<Migration> MigrationsUpToAfterNext() {
  std::vector<Migration> m = SchemaMigrations();
  m.push_back({kLatest + 1,
               "ALTER TABLE submissions ADD COLUMN note TEXT NOT NULL DEFAULT 'from-old';"
               "CREATE TABLE migration_log (version INTEGER NOT NULL);"
               "INSERT INTO migration_log VALUES (" + kNext + ");"});
  m.push_back({kLatest + 2, "INSERT INTO migration_log VALUES (" + kAfter + ");"});
  return m;
}

// A database written by the first judge (schema 1, rows as that judge wrote them)
// opened by this one: migrated forward, nothing lost, new fields filled.
TEST(SqliteStoreTest, SchemaOneDatabaseMigratesWithItsData) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  ASSERT_TRUE(OpenStoreWithMigrations(path, {SchemaMigrations()[0]}).ok());
  ASSERT_EQ(RawQuery(path, "PRAGMA user_version"), "1");
  RawExec(path,
          "INSERT INTO submissions VALUES (1, 'eight', 'h', 'a.cpp', x'41', "
          "'559aead08264d5795d3909718cdd05abd49572e84fe55590eef31a88a08fdffd', 'cpp20', 'g++', 5);"
          "INSERT INTO judgings (id, submission_id, status, status_name, started_unix_ms, "
          "verdict, verdict_code, time_ms, plugin_id, plugin_version, plugin_hash, checker, "
          "time_limit_ms, wall_limit_ms, memory_limit_kib, output_limit_kib, sandbox_method, "
          "judge_version, owner_pid, owner_host, owner_boot_id, owner_start_ticks) VALUES "
          "(1, 1, 1, 'done', 6, 0, 'AC', 30, '', '', '', 'tokens', 1000, 2000, 1024, 1024, "
          "'m', 'j', 1, 'h', 'b', 1);"
          "INSERT INTO tests (judging_id, ordinal, name, group_name, verdict, verdict_code, "
          "score, cpu_ms, wall_ms, memory_kib, exit_code, signal, message, output_sha256, "
          "time_method, memory_method) VALUES (1, 0, 's/1', 'sample', 0, 'AC', 1, 10, 11, 5, "
          "0, 0, '', '', 't', 'm'), (1, 1, 's/2', 'sample', 0, 'AC', 1, 20, 21, 6, 0, 0, '', '', "
          "'t', 'm');");
  auto store = OpenStore(path);
  ASSERT_TRUE(store.ok()) << store.status().message();
  EXPECT_EQ(RawQuery(path, "PRAGMA user_version"), std::to_string(kLatest));
  auto j = (*store)->GetJudging(1);
  ASSERT_TRUE(j.ok()) << j.status().message();
  EXPECT_EQ(j->total_time_ms, 30);
  EXPECT_EQ(j->max_time_ms, 20);  // from its stored tests
  EXPECT_DOUBLE_EQ(j->max_score, 1);
  ASSERT_EQ(j->tests.size(), 2u);
  EXPECT_EQ(j->tests[1].output_bytes, 0);
  EXPECT_EQ((*store)->GetSubmission(1)->source, "A");
  EXPECT_EQ(RawQuery(path, "SELECT source_bytes FROM submissions WHERE id = 1"), "1") << "schema 6's size";
}

// Issue 34, hole 3: identical sources are stored once, under their SHA-256 (schema
// 6); every submission still reads its exact bytes.
TEST(SqliteStoreTest, IdenticalSourcesAreStoredOnce) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  Submission s = SampleSubmission();
  s.source = std::string(100000, 'x') + std::string("\0binary\n", 8);
  Submission other = SampleSubmission();
  other.source = "int main() {}\n";
  std::vector<int64_t> ids;
  {
    auto store = MustOpen(path);
    for (int i = 0; i < 5; ++i) ids.push_back(*store->AddSubmission(s));
    ids.push_back(*store->AddSubmission(other));
    for (int i = 0; i < 5; ++i) EXPECT_EQ(store->GetSubmission(ids[i])->source, s.source) << i;
    EXPECT_EQ(store->GetSubmission(ids[5])->source, other.source);
  }
  EXPECT_EQ(RawQuery(path, "SELECT count(*) || ' ' || sum(length(source)) FROM sources"),
            "2 " + std::to_string(s.source.size() + other.source.size()));
  EXPECT_EQ(RawQuery(path, "SELECT sum(length(source)) || ' ' || sum(source_bytes) FROM submissions"),
            "0 " + std::to_string(5 * s.source.size() + other.source.size()));
}

TEST(SqliteStoreTest, MigrationFromAnOlderSchemaKeepsTheData) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  int64_t sid = 0, jid = 0;
  {
    auto v1 = MustOpen(path);
    sid = *v1->AddSubmission(SampleSubmission("eight", "old.cpp"));
    jid = *v1->StartJudging(SampleJudging(sid));
    ASSERT_TRUE(v1->AddTestResult(jid, SampleTest("t1", Verdict::kWrongAnswer)).ok());
    ASSERT_TRUE(v1->FinishJudging(jid, {}).ok());
  }
  ASSERT_EQ(RawQuery(path, "PRAGMA user_version"), std::to_string(kLatest));
  {
    auto v3 = OpenStoreWithMigrations(path, MigrationsUpToAfterNext());
    ASSERT_TRUE(v3.ok()) << v3.status().message();
    auto s = (*v3)->GetSubmission(sid);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s->file_name, "old.cpp");
    EXPECT_EQ(s->source, SampleSubmission().source);
    auto j = (*v3)->GetJudging(jid);
    ASSERT_TRUE(j.ok());
    ASSERT_EQ(j->tests.size(), 1u);
    EXPECT_EQ(j->tests[0].verdict, Verdict::kWrongAnswer);
    // The new schema's store still writes.
    EXPECT_TRUE((*v3)->AddSubmission(SampleSubmission("eight", "new.cpp")).ok());
  }
  EXPECT_EQ(RawQuery(path, "PRAGMA user_version"), kAfter);
  EXPECT_EQ(RawQuery(path, "SELECT group_concat(version, ',') FROM migration_log"), kNext + "," + kAfter);
  EXPECT_EQ(RawQuery(path, "SELECT note FROM submissions WHERE file_name = 'old.cpp'"),
            "from-old");
  EXPECT_EQ(RawQuery(path, "PRAGMA integrity_check"), "ok");
  // Reopening at the same version runs nothing again.
  ASSERT_TRUE(OpenStoreWithMigrations(path, MigrationsUpToAfterNext()).ok());
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM migration_log"), "2");
  // And this judge now refuses the file as newer.
  auto old_judge = OpenStore(path);
  ASSERT_FALSE(old_judge.ok());
  EXPECT_NE(old_judge.status().message().find("schema version " + kAfter + " is newer"), std::string::npos);
}

TEST(SqliteStoreTest, MigrationFromAnEmptyFileRunsEveryStepInOrder) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  ASSERT_TRUE(OpenStoreWithMigrations(path, MigrationsUpToAfterNext()).ok());
  EXPECT_EQ(RawQuery(path, "PRAGMA user_version"), kAfter);
  EXPECT_EQ(RawQuery(path, "SELECT group_concat(version, ',') FROM migration_log"), kNext + "," + kAfter);
}

TEST(SqliteStoreTest, FailingMigrationChangesNothing) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  {
    auto v1 = MustOpen(path);
    ASSERT_TRUE(v1->AddSubmission(SampleSubmission()).ok());
  }
  std::vector<Migration> broken = SchemaMigrations();
  broken.push_back({kLatest + 1, "ALTER TABLE submissions ADD COLUMN half_done TEXT;"
                                 "CREATE TABLE also_half (x);"
                                 "INSERT INTO no_such_table VALUES (1);"});
  auto s = OpenStoreWithMigrations(path, broken);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find(path + ": migrating to schema version " + kNext + ": no such table: "
                                              "no_such_table"),
            std::string::npos) << s.status().message();
  EXPECT_EQ(RawQuery(path, "PRAGMA user_version"), std::to_string(kLatest));
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM sqlite_master WHERE name = 'also_half'"), "0");
  EXPECT_NE(RawQuery(path, "SELECT half_done FROM submissions").find("<error"),
            std::string::npos);
  auto again = MustOpen(path);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->ListHistory({})->size(), 1u);
}

// Child process body for the concurrency test: its own connection, many judgings.
int WriteJudgings(const std::string& path, const std::string& tag, int count, int tests,
                  int start_fd) {
  char go;
  if (read(start_fd, &go, 1) != 1) return 10;  // start together with the others
  auto store = OpenStore(path);
  if (!store.ok()) {
    std::fprintf(stderr, "%s\n", store.status().message().c_str());
    return 11;
  }
  for (int i = 0; i < count; ++i) {
    auto sid = (*store)->AddSubmission(SampleSubmission(tag, std::to_string(i) + ".cpp"));
    if (!sid.ok()) { std::fprintf(stderr, "%s\n", sid.status().message().c_str()); return 12; }
    auto jid = (*store)->StartJudging(SampleJudging(*sid));
    if (!jid.ok()) { std::fprintf(stderr, "%s\n", jid.status().message().c_str()); return 13; }
    for (int t = 0; t < tests; ++t) {
      Status st = (*store)->AddTestResult(*jid, SampleTest("t" + std::to_string(t)));
      if (!st.ok()) { std::fprintf(stderr, "%s\n", st.message().c_str()); return 14; }
    }
    Judging o;
    o.verdict = Verdict::kAccepted;
    o.score = i;
    Status st = (*store)->FinishJudging(*jid, o);
    if (!st.ok()) { std::fprintf(stderr, "%s\n", st.message().c_str()); return 15; }
  }
  return 0;
}

TEST(SqliteStoreTest, ConcurrentWriterProcessesLoseNothing) {
  TempDir dir;
  // The file does not exist yet: the processes also race to create the schema.
  const std::string path = dir.Path("judge.sqlite");
  constexpr int kProcesses = 3;
  constexpr int kJudgings = 120;
  constexpr int kTests = 4;
  int start[2];
  ASSERT_EQ(pipe(start), 0);
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    pid_t pid = fork();
    if (pid == 0) {
      close(start[1]);
      _exit(WriteJudgings(path, "p" + std::to_string(p), kJudgings, kTests, start[0]));
    }
    ASSERT_GT(pid, 0);
    children.push_back(pid);
  }
  close(start[0]);
  ASSERT_EQ(write(start[1], "ggg", kProcesses), kProcesses);
  close(start[1]);
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  }
  const int total = kProcesses * kJudgings;
  EXPECT_EQ(RawQuery(path, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM submissions"), std::to_string(total));
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM judgings WHERE status = 1"),
            std::to_string(total));
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM tests"), std::to_string(total * kTests));
  // Every judging has exactly its own tests, numbered 0..kTests-1.
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM (SELECT judging_id FROM tests GROUP BY "
                           "judging_id HAVING count(*) = " + std::to_string(kTests) +
                           " AND min(ordinal) = 0 AND max(ordinal) = " +
                           std::to_string(kTests - 1) + ")"),
            std::to_string(total));
  for (int p = 0; p < kProcesses; ++p) {
    EXPECT_EQ(RawQuery(path, "SELECT count(DISTINCT file_name) FROM submissions WHERE "
                             "problem_id = 'p" + std::to_string(p) + "'"),
              std::to_string(kJudgings));
  }
  EXPECT_EQ(RawQuery(path, "PRAGMA foreign_key_check"), "");
  EXPECT_EQ(RawQuery(path, "PRAGMA user_version"), std::to_string(kLatest));
}

TEST(SqliteStoreTest, ConnectionsInThreadsOfOneProcessLoseNothing) {
  TempDir dir;
  const std::string path = dir.Path("judge.sqlite");
  constexpr int kThreads = 3;
  constexpr int kJudgings = 60;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto store = OpenStore(path);  // each thread its own connection
      if (!store.ok()) { ++failures; return; }
      for (int i = 0; i < kJudgings; ++i) {
        auto sid = (*store)->AddSubmission(SampleSubmission("t" + std::to_string(t)));
        if (!sid.ok()) { ++failures; continue; }
        auto jid = (*store)->StartJudging(SampleJudging(*sid));
        if (!jid.ok() || !(*store)->AddTestResult(*jid, SampleTest("a")).ok() ||
            !(*store)->FinishJudging(*jid, {}).ok()) {
          ++failures;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM judgings WHERE status = 1"),
            std::to_string(kThreads * kJudgings));
  EXPECT_EQ(RawQuery(path, "SELECT count(*) FROM tests"), std::to_string(kThreads * kJudgings));
}

// Child body: one judging, tests added without end; after each durable write one
// byte goes to notify_fd.
[[noreturn]] void JudgeForever(const std::string& path, int notify_fd) {
  auto store = OpenStore(path);
  if (!store.ok()) _exit(11);
  auto sid = (*store)->AddSubmission(SampleSubmission("eight", "victim.cpp"));
  if (!sid.ok()) _exit(12);
  auto jid = (*store)->StartJudging(SampleJudging(*sid));
  if (!jid.ok()) _exit(13);
  for (int t = 0;; ++t) {
    TestResult rec = SampleTest("secret/" + std::to_string(t));
    rec.message = std::string(static_cast<size_t>(t % 500), 'm');  // vary page use
    if (!(*store)->AddTestResult(*jid, rec).ok()) _exit(14);
    if (write(notify_fd, "+", 1) != 1) _exit(15);
  }
}

TEST(SqliteStoreTest, WriterKilledMidJudgingLeavesAConsistentIncompleteJudging) {
  std::mt19937 rng(3);
  for (int round = 0; round < 5; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    TempDir dir;
    const std::string path = dir.Path("judge.sqlite");
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      JudgeForever(path, fds[1]);
    }
    close(fds[1]);
    // Wait for some committed tests, then kill at a random moment of the next ones.
    const int wait_for = 10 + static_cast<int>(rng() % 40);
    int acknowledged = 0;
    char c;
    while (acknowledged < wait_for && read(fds[0], &c, 1) == 1) ++acknowledged;
    ASSERT_EQ(acknowledged, wait_for);
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 3000));
    kill(pid, SIGKILL);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof(buf))) > 0) acknowledged += static_cast<int>(n);
    close(fds[0]);

    EXPECT_EQ(RawQuery(path, "PRAGMA integrity_check"), "ok");
    auto store = MustOpen(path);
    ASSERT_NE(store, nullptr);
    auto history = store->ListHistory({});
    ASSERT_TRUE(history.ok());
    ASSERT_EQ(history->size(), 1u);
    ASSERT_TRUE((*history)[0].latest.has_value());
    const int64_t jid = (*history)[0].latest->id;
    EXPECT_EQ((*history)[0].latest->status, JudgingStatus::kIncomplete);
    auto j = store->GetJudging(jid);
    ASSERT_TRUE(j.ok());
    EXPECT_EQ(j->status, JudgingStatus::kIncomplete);
    // Every acknowledged test is there (at most one more: committed, not yet told).
    ASSERT_GE(static_cast<int>(j->tests.size()), acknowledged);
    EXPECT_LE(static_cast<int>(j->tests.size()), acknowledged + 1);
    for (size_t i = 0; i < j->tests.size(); ++i) {
      EXPECT_EQ(j->tests[i].ordinal, static_cast<int32_t>(i));
      EXPECT_EQ(j->tests[i].name, "secret/" + std::to_string(i));
      EXPECT_EQ(j->tests[i].message.size(), i % 500);
    }
    // A later judge records it once; the submission can be judged again beside it.
    auto reaped = store->ReapAbandonedJudgings();
    ASSERT_TRUE(reaped.ok());
    EXPECT_EQ(*reaped, std::vector<int64_t>{jid});
    EXPECT_EQ(store->GetJudging(jid)->tests.size(), j->tests.size());
    auto again = store->StartJudging(SampleJudging((*history)[0].submission.id));
    ASSERT_TRUE(again.ok());
    ASSERT_TRUE(store->FinishJudging(*again, {}).ok());
    EXPECT_EQ(store->GetJudging(*again)->status, JudgingStatus::kDone);
  }
}

TEST(SqliteStoreTest, DefaultPathFollowsJudgeDbThenXdgThenHome) {
  const char* saved_db = std::getenv("JUDGE_DB");
  const char* saved_xdg = std::getenv("XDG_DATA_HOME");
  const char* saved_home = std::getenv("HOME");
  std::string db = saved_db ? saved_db : "", xdg = saved_xdg ? saved_xdg : "",
              home = saved_home ? saved_home : "";
  setenv("JUDGE_DB", "/x/db.sqlite", 1);
  setenv("XDG_DATA_HOME", "/xdg", 1);
  setenv("HOME", "/home/u", 1);
  EXPECT_EQ(*DefaultStorePath(), "/x/db.sqlite");
  unsetenv("JUDGE_DB");
  EXPECT_EQ(*DefaultStorePath(), "/xdg/judge/judge.sqlite");
  unsetenv("XDG_DATA_HOME");
  EXPECT_EQ(*DefaultStorePath(), "/home/u/.local/share/judge/judge.sqlite");
  unsetenv("HOME");
  EXPECT_FALSE(DefaultStorePath().ok());
  auto restore = [](const char* name, const char* saved, const std::string& value) {
    if (saved) setenv(name, value.c_str(), 1); else unsetenv(name);
  };
  restore("JUDGE_DB", saved_db, db);
  restore("XDG_DATA_HOME", saved_xdg, xdg);
  restore("HOME", saved_home, home);
}

}  // namespace
}  // namespace judge::store_test
