// DefaultPluginDir, PluginPath and LoadProblemPlugin: where plugins are found.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>

#include "judge/config/problem.h"
#include "judge/plugin/plugin_host.h"
#include "test_plugins.h"

namespace judge {
namespace {

using testing::TestPackage;
using testing::TestPluginDir;

// Sets or clears JUDGE_PLUGIN_DIR for one test and restores it afterwards.
class PluginDirEnv {
 public:
  explicit PluginDirEnv(const char* value) {
    if (const char* old = getenv("JUDGE_PLUGIN_DIR")) old_ = old;
    if (value) {
      setenv("JUDGE_PLUGIN_DIR", value, 1);
    } else {
      unsetenv("JUDGE_PLUGIN_DIR");
    }
  }
  ~PluginDirEnv() {
    if (old_.empty()) {
      unsetenv("JUDGE_PLUGIN_DIR");
    } else {
      setenv("JUDGE_PLUGIN_DIR", old_.c_str(), 1);
    }
  }

 private:
  std::string old_;
};

TEST(PluginDirTest, DefaultIsThePluginsFolderNextToTheExecutable) {
  PluginDirEnv env(nullptr);
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe");
  EXPECT_EQ(DefaultPluginDir(), (exe.parent_path() / "plugins").string());
}

TEST(PluginDirTest, EnvironmentOverrides) {
  PluginDirEnv env("/some/where");
  EXPECT_EQ(DefaultPluginDir(), "/some/where");
}

TEST(PluginDirTest, EmptyEnvironmentValueIsIgnored) {
  PluginDirEnv env("");
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe");
  EXPECT_EQ(DefaultPluginDir(), (exe.parent_path() / "plugins").string());
}

TEST(PluginDirTest, PluginPathJoinsDirAndId) {
  EXPECT_EQ(PluginPath("/a/b", "eight"), "/a/b/eight.so");
  EXPECT_EQ(PluginPath("/a/b/", "eight-multi"), "/a/b/eight-multi.so");
  EXPECT_EQ(PluginPath("rel", "x"), "rel/x.so");
}

TEST(LoadProblemPluginTest, LoadsThePackagesPluginFromTheDirectory) {
  PluginDirEnv env(TestPluginDir().c_str());
  auto config = LoadProblemConfig(TestPackage("sum"));
  ASSERT_TRUE(config.ok()) << config.status().message();
  for (bool isolated : {false, true}) {
    auto plugin = LoadProblemPlugin(config->plugin_id, "problem '" + config->id + "'", isolated);
    ASSERT_TRUE(plugin.ok()) << plugin.status().message();
    EXPECT_EQ((*plugin)->id(), "test-sum");
    EXPECT_EQ((*plugin)->version(), "1.2.3");
    EXPECT_EQ((*plugin)->path(), TestPluginDir() + "/test-sum.so");
    auto answer = (*plugin)->Solve("40 2\n");
    ASSERT_TRUE(answer.ok()) << answer.status().message();
    EXPECT_EQ(answer->output, "42\n");
  }
}

TEST(LoadProblemPluginTest, MissingPluginNamesTheFileAndTheFix) {
  PluginDirEnv env("/nonexistent-plugin-dir");
  auto config = LoadProblemConfig(TestPackage("sum"));
  ASSERT_TRUE(config.ok()) << config.status().message();
  auto plugin = LoadProblemPlugin(config->plugin_id, "problem '" + config->id + "'", true);
  ASSERT_FALSE(plugin.ok());
  EXPECT_EQ(plugin.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(plugin.status().message(),
            "plugin 'test-sum' not found: no file /nonexistent-plugin-dir/test-sum.so "
            "(set JUDGE_PLUGIN_DIR or rebuild)");
}

TEST(LoadProblemPluginTest, PackageWithoutPluginIsAClearError) {
  PluginDirEnv env(TestPluginDir().c_str());
  auto config = LoadProblemConfig(TestPackage("builtin"));
  ASSERT_TRUE(config.ok()) << config.status().message();
  auto plugin = LoadProblemPlugin(config->plugin_id, "problem '" + config->id + "'", false);
  ASSERT_FALSE(plugin.ok());
  EXPECT_EQ(plugin.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(plugin.status().message().find("problem 'builtin'"), std::string::npos);
  EXPECT_NE(plugin.status().message().find("no `plugin` key"), std::string::npos);
}

}  // namespace
}  // namespace judge
